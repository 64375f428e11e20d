package io.zerorow.internal;

/**
 * The one switch for the per-access bounds checks of SPEC §6.2 (level {@code bounds}).
 *
 * <p>It is a {@code static final} constant so that, when it is off, the JIT removes the checks
 * entirely. Set {@code -Dzerorow.bounds.checks=false} to turn them off: then a malformed buffer can
 * make a getter read outside its row, so do it only for rows you validated or wrote yourself. The
 * measured cost of the checks is in {@code java-row/README.md}.
 */
public final class Checks {
  public static final boolean BOUNDS_CHECKS =
      !"false".equals(System.getProperty("zerorow.bounds.checks"));

  private Checks() {}
}
