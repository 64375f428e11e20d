#!/usr/bin/env bash
# The connector as a Flink user meets it: `mvn install` of the two connector artifacts (and what
# they are built from) into a private local repository, then this folder's project (the pom and
# the class of flink-connector/README.md "Depend on it", nothing else) built against them and run:
# a SQL query over row files and a DataStream job, each on a local MiniCluster, with Flink
# `provided`. The repository is target/consumer-m2-flink at the repository root, never ~/.m2
# (other worktrees resolve io.zerorow from there); its other artifacts are copied from ~/.m2,
# served as a file:// repository ahead of Maven Central, so nothing is downloaded twice.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
repo=$root/target/consumer-m2-flink
settings=$root/target/consumer-settings-flink.xml
mkdir -p "$repo"
cat >"$settings" <<XML
<settings>
  <profiles>
    <profile>
      <id>shared-m2</id>
      <repositories>
        <repository><id>shared-m2</id><url>file://$HOME/.m2/repository</url></repository>
      </repositories>
      <pluginRepositories>
        <pluginRepository><id>shared-m2</id><url>file://$HOME/.m2/repository</url></pluginRepository>
      </pluginRepositories>
    </profile>
  </profiles>
  <activeProfiles><activeProfile>shared-m2</activeProfile></activeProfiles>
</settings>
XML
mvn=(mvn -B -q -ntp -s "$settings" -Dmaven.repo.local="$repo")

# The README's pom and class are this project's.
python3 - "$root/flink-connector/README.md" "$here/pom.xml" "$here/src/main/java/example/FlinkJob.java" <<'PY'
import re, sys
readme, pom, job = (open(p, encoding="utf-8").read() for p in sys.argv[1:])
section = readme.split("## Depend on it", 1)[1].split("\n## ", 1)[0]
if pom not in re.findall(r"```xml\n(.*?)```", section, re.S):
    sys.exit("flink-connector/README.md 'Depend on it' does not show examples/pom.xml")
if job not in re.findall(r"```java\n(.*?)```", section, re.S):
    sys.exit("flink-connector/README.md 'Depend on it' does not show examples/.../FlinkJob.java")
PY

# The connector artifacts, as `mvn install` at the root builds them; stale io.zerorow artifacts
# from an earlier run cannot satisfy the consumer.
rm -rf "$repo/io/zerorow"
"${mvn[@]}" -f "$root/pom.xml" -pl flink-connector/flink-2.2,flink-connector/flink-1.20 -am \
  -Dmaven.test.skip=true install

# What a job that depends on the connector gets: the connector and nothing else of zerorow's, no
# Arrow, Jackson or Janino (Flink's table runtime carries its own Janino; a second one breaks
# every SQL query's code generation).
rm -rf "$here/target"
for flink in 2.2.0:zerorow-flink 1.20.3:zerorow-flink-1.20; do
  pom=$here/target/pom-${flink%%:*}.xml
  mkdir -p "$here/target"
  sed -e "s|<flink.version>2.2.0</flink.version>|<flink.version>${flink%%:*}</flink.version>|" \
    -e "s|<artifactId>zerorow-flink</artifactId>|<artifactId>${flink##*:}</artifactId>|" \
    "$here/pom.xml" >"$pom"
  "${mvn[@]}" -f "$pom" org.apache.maven.plugins:maven-dependency-plugin:3.8.1:list \
    -DincludeScope=runtime -DoutputFile="$here/target/runtime-${flink%%:*}.txt"
  runtime=$(grep -o '[a-z0-9.-]*:[a-z0-9.-]*:jar' "$here/target/runtime-${flink%%:*}.txt" | sort | tr '\n' ' ')
  if [ "$runtime" != "io.zerorow:${flink##*:}:jar " ]; then
    echo "a job depending on ${flink##*:} resolves at runtime: $runtime" >&2
    exit 1
  fi
done

# The consumer on each Flink version: compiled and its classpath (Flink provided included)
# resolved by Maven from the private repository (goals named in full, so only plugins ~/.m2
# already has are needed), then run. Arrow (row files) needs java.nio opened on Java 17 (README:
# Depend on it).
files=$(mktemp -d)
trap 'rm -rf "$files"' EXIT
for flink in 2.2.0 1.20.3; do
  # the version's pom of the loop above in a folder of its own, compiling this folder's sources
  run=$here/target/run-$flink
  mkdir -p "$run"
  sed -e "s|<build>|<build>\n    <sourceDirectory>$here/src/main/java</sourceDirectory>|" \
    "$here/target/pom-$flink.xml" >"$run/pom.xml"
  classes=$run/target/classes
  "${mvn[@]}" -f "$run/pom.xml" \
    org.apache.maven.plugins:maven-compiler-plugin:3.13.0:compile \
    org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath \
    -Dmdep.outputFile="$here/target/classpath-$flink.txt"
  out=$here/target/run-$flink.log
  java --add-opens=java.base/java.nio=ALL-UNNAMED -Dslf4j.internal.verbosity=ERROR \
    -cp "$classes:$(cat "$here/target/classpath-$flink.txt")" example.FlinkJob "$files/orders-$flink" \
    >"$out" 2>&1 || { cat "$out" >&2; exit 1; }
  # the SQL result's one row (a table of one column), then the DataStream job's three lines
  for want in '^\| +grace \|$' '> 1 /page-1$' '> 0 /page-2$' '> 1 /page-3$'; do
    grep -qE -- "$want" "$out" || { cat "$out" >&2; echo "Flink $flink: the job printed no /$want/" >&2; exit 1; }
  done
  echo "flink-connector/examples: the README's project ran its SQL query and its DataStream job on Flink $flink"
done
