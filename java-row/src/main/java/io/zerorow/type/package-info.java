/**
 * Types and schemas (SPEC §3, §4): {@code DataTypes} factories, {@code Schema} and {@code Field}
 * with their canonical JSON and fingerprint, and the value classes of the types ({@code Interval},
 * {@code Variant}).
 */
package io.zerorow.type;
