package io.zerorow.spark;

import java.util.List;
import org.apache.spark.sql.catalyst.expressions.Expression;

/**
 * Base of the zerorow SQL expressions: Catalyst's {@code Expression} with one child, written in
 * Java. The two methods below are the ones whose signatures differ between Scala binaries
 * (`scala.collection.immutable.Seq` here; the twin of this file in scala-2.1x/ has the other one).
 * Java cannot extend Spark's {@code UnaryExpression}: its final children methods carry Scala
 * generic signatures javac does not match.
 */
abstract class ZerorowUnaryExpression extends Expression {
  private static final long serialVersionUID = 1L;

  public abstract Expression child();

  /** This expression over another child. */
  abstract Expression withNewChild(Expression newChild);

  @Override
  public final scala.collection.immutable.Seq<Expression> children() {
    return Shim.seq(List.of(child()));
  }

  @Override
  public final Expression withNewChildrenInternal(
      scala.collection.immutable.IndexedSeq<Expression> newChildren) {
    return withNewChild(newChildren.apply(0));
  }
}
