package io.zerorow.encoder;

import io.zerorow.writer.WriteBuffer;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.codehaus.janino.SimpleCompiler;

/**
 * Generated codecs, compiled once per class with Janino and cached (thread-safe). Set {@code
 * -Dzerorow.codegen.dump=<dir>} to write each generated source to {@code <dir>}. Internal.
 */
public final class Compiled implements LazyDecoder {
  /** Per root binding (bindings are cached per class, field order and strictness). */
  private static final Map<TypeBinding, Compiled> CACHE = new ConcurrentHashMap<>();

  private static final AtomicInteger IDS = new AtomicInteger();

  private final Constructor<?> ctor;
  private final Object[] refs;

  /** The generated source (for tests and debugging). */
  public final String source;

  /**
   * Codec instances that decode {@link LazyList}s and {@link LazyMap}s, one per thread: a lazy
   * collection may be read on any thread while the encoder that made it works on another, so they
   * never share its views.
   */
  private final ThreadLocal<LazyDecoder> readers =
      ThreadLocal.withInitial(() -> (LazyDecoder) newInstance(new WriteBuffer(64), false));

  private Compiled(Constructor<?> ctor, Object[] refs, int sourceRef, String source) {
    this.ctor = ctor;
    this.refs = refs;
    this.source = source;
    if (sourceRef >= 0) {
      refs[sourceRef] = this;
    }
  }

  @Override
  public Object decodeLazy(int site, byte[] bytes) {
    return readers.get().decodeLazy(site, bytes);
  }

  /** The compiled codec class for a bean binding (compiled on first use). */
  public static Compiled forBean(TypeBinding root) {
    return CACHE.computeIfAbsent(root, c -> compile(root));
  }

  /** A new codec instance whose writers share {@code buffer}; its collections decode lazily. */
  public StructCodec newInstance(WriteBuffer buffer) {
    return newInstance(buffer, true);
  }

  /** With {@code lazy} false, every collection decodes eagerly (decoding a lazy collection). */
  private StructCodec newInstance(WriteBuffer buffer, boolean lazy) {
    try {
      return (StructCodec) ctor.newInstance(refs, buffer, lazy);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot instantiate generated codec", e);
    }
  }

  private static Compiled compile(TypeBinding root) {
    String name =
        root.raw.getSimpleName().replaceAll("[^A-Za-z0-9_]", "_")
            + "_Codec"
            + IDS.incrementAndGet();
    CodeGenerator gen = new CodeGenerator(name);
    String source = gen.generate(root);
    dump(name, source);
    try {
      SimpleCompiler compiler = new SimpleCompiler();
      ClassLoader parent = root.raw.getClassLoader();
      compiler.setParentClassLoader(parent != null ? parent : Compiled.class.getClassLoader());
      compiler.setDebuggingInformation(true, true, true);
      compiler.cook(name + ".java", source);
      Class<?> cls = compiler.getClassLoader().loadClass(CodeGenerator.PACKAGE + "." + name);
      Constructor<?> ctor = cls.getConstructor(Object[].class, WriteBuffer.class, boolean.class);
      return new Compiled(ctor, gen.refs.toArray(), gen.sourceRef, source);
    } catch (Exception e) {
      throw new IllegalStateException(
          "cannot compile the generated codec for " + root.raw.getName() + ":\n" + source, e);
    }
  }

  private static void dump(String name, String source) {
    String dir = System.getProperty("zerorow.codegen.dump");
    if (dir == null || dir.isEmpty()) {
      return;
    }
    try {
      Path d = Paths.get(dir);
      Files.createDirectories(d);
      Files.write(d.resolve(name + ".java"), source.getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      System.err.println("zerorow: cannot dump generated code to " + dir + ": " + e);
    }
  }
}
