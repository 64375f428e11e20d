/**
 * Encoders between Java objects and rows ({@code Encoders}, {@code RowEncoder}; generated code with
 * an interpreted twin) and schema inference from beans and records ({@code TypeInference}).
 */
package io.zerorow.encoder;
