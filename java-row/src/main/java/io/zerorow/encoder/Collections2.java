package io.zerorow.encoder;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/** Which concrete collection a declared collection/map type decodes into. Internal. */
public final class Collections2 {
  private Collections2() {}

  /** The class to instantiate for a declared collection type, or null if unsupported. */
  public static Class<?> collectionFactory(Class<?> declared) {
    if (declared == List.class
        || declared == Collection.class
        || declared == ArrayList.class
        || declared == Iterable.class) {
      return ArrayList.class;
    }
    if (declared == Set.class || declared == LinkedHashSet.class) {
      return LinkedHashSet.class;
    }
    if (declared == HashSet.class) {
      return HashSet.class;
    }
    if (declared == SortedSet.class
        || declared == TreeSet.class
        || declared == java.util.NavigableSet.class) {
      return TreeSet.class;
    }
    if (declared == LinkedList.class) {
      return LinkedList.class;
    }
    if (declared == ArrayDeque.class
        || declared == java.util.Deque.class
        || declared == java.util.Queue.class) {
      return ArrayDeque.class;
    }
    return null;
  }

  /** The class to instantiate for a declared map type, or null if unsupported. */
  public static Class<?> mapFactory(Class<?> declared) {
    if (declared == Map.class || declared == LinkedHashMap.class) {
      return LinkedHashMap.class;
    }
    if (declared == HashMap.class) {
      return HashMap.class;
    }
    if (declared == SortedMap.class
        || declared == TreeMap.class
        || declared == java.util.NavigableMap.class) {
      return TreeMap.class;
    }
    return null;
  }

  /**
   * True when a binding decodes lazily: into a {@link LazyList} when declared as {@code List},
   * {@code Collection} or {@code Iterable}, into a {@link LazyMap} when declared as {@code Map}. A
   * declared concrete class ({@code ArrayList}, {@code HashMap} ...) and sets decode eagerly.
   */
  static boolean lazy(TypeBinding b) {
    if (b.kind == Kind.MAP) {
      return b.raw == Map.class;
    }
    return b.kind == Kind.COLLECTION
        && (b.raw == List.class || b.raw == Collection.class || b.raw == Iterable.class);
  }

  /** True when the class has a constructor taking an initial capacity. */
  public static boolean sized(Class<?> concrete) {
    return concrete == ArrayList.class
        || concrete == HashMap.class
        || concrete == LinkedHashMap.class
        || concrete == HashSet.class
        || concrete == LinkedHashSet.class
        || concrete == ArrayDeque.class;
  }
}
