package io.zerorow.encoder;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.Supplier;

/**
 * Mutable state of a shared object, one instance per thread, so that an encoder (reused buffers,
 * views, codecs) can be shared by every thread of a service the way Jackson's {@code ObjectMapper}
 * is. The first thread to use the object gets its state through one field compared against {@code
 * Thread.currentThread()} (a register load): the single-threaded case pays two loads and a compare
 * more than a plain field. Every other thread finds its own in a {@link ThreadLocal}. A state is
 * only ever used by the thread it was made for. Internal.
 */
final class PerThread<S> {
  /** A state and the thread it belongs to; final fields, so it can be read without a lock. */
  private static final class Owned<S> {
    final Thread thread;
    final S state;

    Owned(Thread thread, S state) {
      this.thread = thread;
      this.state = state;
    }
  }

  private static final VarHandle FIRST;

  static {
    try {
      FIRST = MethodHandles.lookup().findVarHandle(PerThread.class, "first", Owned.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final Supplier<S> factory;
  private final ThreadLocal<S> others;

  /** The state of the first thread that used this object (set once). */
  @SuppressWarnings("unused") // through FIRST
  private volatile Owned<S> first;

  PerThread(Supplier<S> factory) {
    this.factory = factory;
    this.others = ThreadLocal.withInitial(factory);
  }

  /** The calling thread's state (made on its first call). */
  S get() {
    Owned<S> o = first;
    if (o != null && o.thread == Thread.currentThread()) {
      return o.state;
    }
    return slow();
  }

  private S slow() {
    if (first == null) {
      Owned<S> mine = new Owned<>(Thread.currentThread(), factory.get());
      if (FIRST.compareAndSet(this, null, mine)) {
        return mine.state;
      }
    }
    return others.get();
  }
}
