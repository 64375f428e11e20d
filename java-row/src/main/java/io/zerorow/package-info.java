/**
 * zerorow for Java (SPEC §1): the errors every part throws (SPEC §6.1) — {@code ZerorowException}
 * and its kinds; the role packages hold the rest: {@code row} (read contracts, binary views,
 * resolved views, validation), {@code writer}, {@code type} (types, schemas, JSON, values), {@code
 * encoder} (objects to rows and back), {@code annotation}, {@code internal} (not API).
 */
package io.zerorow;
