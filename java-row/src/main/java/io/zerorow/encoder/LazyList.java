package io.zerorow.encoder;

import io.zerorow.row.BinaryArray;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.ListIterator;
import java.util.RandomAccess;
import java.util.Spliterator;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * What a property declared as {@code List}, {@code Collection} or {@code Iterable} decodes into.
 * Decoding only copies the array's bytes (so the list never depends on the row's buffer, which
 * writers reuse); the first call that needs an element decodes them all into an {@link ArrayList},
 * which from then on answers every call, so element identity, mutation, {@code equals}/{@code
 * hashCode} and serialization behave as for that {@code ArrayList}. {@code size()} needs no
 * decoding. Errors in the bytes of the elements surface at that first access (validate untrusted
 * rows with {@code Validator} first to get them up front). Declare the property as {@code
 * ArrayList} to decode it eagerly instead. Safe to read from several threads once published, like
 * an {@code ArrayList}.
 */
public final class LazyList<E> extends LazyValue<ArrayList<E>>
    implements List<E>, RandomAccess, Serializable {
  private static final long serialVersionUID = 1L;

  /** A list over a copy of {@code array}'s bytes (the view may be reused afterwards). */
  public LazyList(LazyDecoder decoder, int site, String path, BinaryArray array) {
    super(decoder, site, path, array.numElements(), array.toBytes());
  }

  private ArrayList<E> list() {
    return value();
  }

  @Override
  public int size() {
    ArrayList<E> l = decodedOrNull();
    return l != null ? l.size() : count;
  }

  @Override
  public boolean isEmpty() {
    return size() == 0;
  }

  @Override
  public E get(int index) {
    return list().get(index);
  }

  @Override
  public E set(int index, E element) {
    return list().set(index, element);
  }

  @Override
  public boolean add(E e) {
    return list().add(e);
  }

  @Override
  public void add(int index, E element) {
    list().add(index, element);
  }

  @Override
  public E remove(int index) {
    return list().remove(index);
  }

  @Override
  public boolean remove(Object o) {
    return list().remove(o);
  }

  @Override
  public boolean contains(Object o) {
    return list().contains(o);
  }

  @Override
  public boolean containsAll(Collection<?> c) {
    return list().containsAll(c);
  }

  @Override
  public boolean addAll(Collection<? extends E> c) {
    return list().addAll(c);
  }

  @Override
  public boolean addAll(int index, Collection<? extends E> c) {
    return list().addAll(index, c);
  }

  @Override
  public boolean removeAll(Collection<?> c) {
    return list().removeAll(c);
  }

  @Override
  public boolean retainAll(Collection<?> c) {
    return list().retainAll(c);
  }

  @Override
  public boolean removeIf(Predicate<? super E> filter) {
    return list().removeIf(filter);
  }

  @Override
  public void replaceAll(UnaryOperator<E> operator) {
    list().replaceAll(operator);
  }

  @Override
  public void sort(Comparator<? super E> c) {
    list().sort(c);
  }

  @Override
  public void clear() {
    list().clear();
  }

  @Override
  public int indexOf(Object o) {
    return list().indexOf(o);
  }

  @Override
  public int lastIndexOf(Object o) {
    return list().lastIndexOf(o);
  }

  @Override
  public Iterator<E> iterator() {
    return list().iterator();
  }

  @Override
  public ListIterator<E> listIterator() {
    return list().listIterator();
  }

  @Override
  public ListIterator<E> listIterator(int index) {
    return list().listIterator(index);
  }

  @Override
  public List<E> subList(int fromIndex, int toIndex) {
    return list().subList(fromIndex, toIndex);
  }

  @Override
  public Spliterator<E> spliterator() {
    return list().spliterator();
  }

  @Override
  public void forEach(Consumer<? super E> action) {
    list().forEach(action);
  }

  @Override
  public Object[] toArray() {
    return list().toArray();
  }

  @Override
  public <T> T[] toArray(T[] a) {
    return list().toArray(a);
  }

  @Override
  public boolean equals(Object o) {
    return o == this || list().equals(o);
  }

  @Override
  public int hashCode() {
    return list().hashCode();
  }

  @Override
  public String toString() {
    return list().toString();
  }
}
