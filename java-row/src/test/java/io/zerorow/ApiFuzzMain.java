package io.zerorow;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/** Runs {@link ApiFuzzProperties} with {@code args[0]} tries; exit 0 when it passed. */
public final class ApiFuzzMain {
  private ApiFuzzMain() {}

  public static void main(String[] args) {
    LauncherDiscoveryRequest request =
        LauncherDiscoveryRequestBuilder.request()
            .selectors(selectClass(ApiFuzzProperties.class))
            .configurationParameter("jqwik.tries.default", args.length > 0 ? args[0] : "2000")
            .configurationParameter("jqwik.database", "target/.jqwik-api-fuzz-database")
            .build();
    Launcher launcher = LauncherFactory.create();
    SummaryGeneratingListener listener = new SummaryGeneratingListener();
    launcher.execute(request, listener);
    TestExecutionSummary summary = listener.getSummary();
    summary.printTo(new java.io.PrintWriter(System.out));
    summary.printFailuresTo(new java.io.PrintWriter(System.out), 40);
    boolean ok = summary.getTestsFailedCount() == 0 && summary.getTestsSucceededCount() == 1;
    System.out.println(ok ? "api fuzz passed" : "api fuzz FAILED");
    System.out.flush();
    System.exit(ok ? 0 : 1);
  }
}
