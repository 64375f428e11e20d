/**
 * Helpers shared by zerorow's own packages (bounds checks, memory access, JSON, layout sizes):
 * public for the Java compiler only, not an API, may change in any release.
 */
package io.zerorow.internal;
