#!/usr/bin/env bash
# `mvn install` of every java-row module into a private local repository, then this folder's
# project (the minimal pom of java-row/README.md "Depend on it") built against the installed
# artifacts and run. The private repository is target/consumer-m2 at the repository root, never
# ~/.m2 (other worktrees resolve io.zerorow from there); its other artifacts are copied from
# ~/.m2, served as a file:// repository ahead of Maven Central, so nothing is downloaded twice.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
repo=$root/target/consumer-m2
settings=$root/target/consumer-settings.xml
mkdir -p "$repo"
cat >"$settings" <<EOF
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
EOF
mvn=(mvn -B -q -ntp -s "$settings" -Dmaven.repo.local="$repo")

# The README's pom is this project's pom.
python3 - "$root/java-row/README.md" "$here/pom.xml" <<'EOF'
import re, sys
readme, pom = (open(p, encoding="utf-8").read() for p in sys.argv[1:])
section = readme.split("## Depend on it", 1)[1].split("\n## ", 1)[0]
blocks = re.findall(r"```xml\n(.*?)```", section, re.S)
if pom not in blocks:
    sys.exit("java-row/README.md 'Depend on it' does not show java-row/examples/pom.xml")
EOF

# Every java-row module, as `mvn install` at the root would build them; stale io.zerorow
# artifacts from an earlier run cannot satisfy the consumer.
rm -rf "$repo/io/zerorow"
modules=java-row,java-row/testing,java-row/bench,java-row/arrow,java-row/arrow/testing
modules=$modules,java-row/parquet,format-spec/oracle
"${mvn[@]}" -f "$root/pom.xml" -pl "$modules" -am -Dmaven.test.skip=true install
installed=$(cd "$repo/io/zerorow" && ls | sort | tr '\n' ' ')
expected="zerorow-arrow zerorow-java zerorow-parent zerorow-parquet "
if [ "$installed" != "$expected" ]; then
  echo "installed io.zerorow artifacts: $installed; expected: $expected" >&2
  exit 1
fi

# The consumer: its sources compiled and its classpath resolved by Maven from the private
# repository (goals named in full, so only plugins ~/.m2 already has are needed; `mvn package`
# works the same with Maven's default plugins), then run.
rm -rf "$here/target"
"${mvn[@]}" -f "$here/pom.xml" \
  org.apache.maven.plugins:maven-compiler-plugin:3.13.0:compile \
  org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath \
  -Dmdep.outputFile="$here/target/classpath.txt"
# Arrow's memory module reads a java.nio field (Java 17 needs it opened).
java --add-opens=java.base/java.nio=ALL-UNNAMED -Dslf4j.internal.verbosity=ERROR \
  -cp "$here/target/classes:$(cat "$here/target/classpath.txt")" example.HelloZerorow
