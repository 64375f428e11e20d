#include "shapes.h"

#include <string>

namespace zerorow::bench {

Schema FooSchema() {
  auto bar = struct_({field("f1", string()), field("f2", list(int64()))});
  return *Schema::Make({field("f1", int32(), false), field("f2", list(int32())), field("f3", map(string(), int32())),
                        field("f4", list(bar))});
}

Status WriteFoo(RowWriter* w, int seed) {
  w->Reset();
  ZR_RETURN_NOT_OK(w->WriteInt32(0, seed));
  ArrayWriter f2;
  ZR_RETURN_NOT_OK(w->BeginArray(1, 10, &f2));
  for (int i = 0; i < 10; ++i) ZR_RETURN_NOT_OK(f2.WriteInt32(i, seed + i));
  ZR_RETURN_NOT_OK(f2.Finish());
  static const char* kKeys[] = {"alpha", "beta", "gamma", "delta", "epsilon"};
  MapWriter f3;
  ZR_RETURN_NOT_OK(w->BeginMap(2, &f3));
  ArrayWriter keys, values;
  ZR_RETURN_NOT_OK(f3.BeginKeys(5, &keys));
  for (int i = 0; i < 5; ++i) ZR_RETURN_NOT_OK(keys.WriteString(i, kKeys[i]));
  ZR_RETURN_NOT_OK(keys.Finish());
  ZR_RETURN_NOT_OK(f3.BeginValues(5, &values));
  for (int i = 0; i < 5; ++i) ZR_RETURN_NOT_OK(values.WriteInt32(i, i * seed));
  ZR_RETURN_NOT_OK(values.Finish());
  ZR_RETURN_NOT_OK(f3.Finish());
  ArrayWriter f4;
  ZR_RETURN_NOT_OK(w->BeginArray(3, 3, &f4));
  for (int b = 0; b < 3; ++b) {
    RowWriter bar;
    ZR_RETURN_NOT_OK(f4.BeginStruct(b, &bar));
    ZR_RETURN_NOT_OK(bar.WriteString(0, "bar-name"));
    ArrayWriter longs;
    ZR_RETURN_NOT_OK(bar.BeginArray(1, 5, &longs));
    for (int i = 0; i < 5; ++i) ZR_RETURN_NOT_OK(longs.WriteInt64(i, int64_t{seed} * 1000 + i));
    ZR_RETURN_NOT_OK(longs.Finish());
    ZR_RETURN_NOT_OK(bar.Finish());
  }
  ZR_RETURN_NOT_OK(f4.Finish());
  return w->Finish();
}

Schema PrimitiveSchema() {
  return *Schema::Make({field("i0", int32()), field("i1", int32()), field("i2", int32()), field("l0", int64()),
                        field("l1", int64()), field("l2", int64()), field("d0", float64()), field("d1", float64()),
                        field("f0", float32()), field("b0", bool_()), field("s0", int16()), field("dt", date32())});
}

Status WritePrimitive(RowWriter* w, int seed) {
  w->Reset();
  for (int i = 0; i < 3; ++i) ZR_RETURN_NOT_OK(w->WriteInt32(i, seed + i));
  for (int i = 3; i < 6; ++i) ZR_RETURN_NOT_OK(w->WriteInt64(i, int64_t{seed} << 20));
  ZR_RETURN_NOT_OK(w->WriteFloat64(6, seed * 0.5));
  ZR_RETURN_NOT_OK(w->WriteFloat64(7, seed * 0.25));
  ZR_RETURN_NOT_OK(w->WriteFloat32(8, seed * 0.125f));
  ZR_RETURN_NOT_OK(w->WriteBool(9, seed & 1));
  ZR_RETURN_NOT_OK(w->WriteInt16(10, static_cast<int16_t>(seed)));
  ZR_RETURN_NOT_OK(w->WriteDate32(11, 19000 + seed % 1000));
  return w->Finish();
}

Schema WideSchema() {
  std::vector<Field> fields;
  for (int i = 0; i < 30; ++i) {
    std::string name = "c" + std::to_string(i);
    if (i % 3 == 0)
      fields.push_back(field(name, string()));
    else if (i == 29)
      fields.push_back(field(name, list(int64())));
    else if (i % 3 == 1)
      fields.push_back(field(name, int64()));
    else
      fields.push_back(field(name, float64()));
  }
  return *Schema::Make(std::move(fields));
}

Status WriteWide(RowWriter* w, int seed) {
  w->Reset();
  std::string s = "value-" + std::to_string(seed) + "-abcdefghij";
  for (int i = 0; i < 30; ++i) {
    if (i % 3 == 0) {
      ZR_RETURN_NOT_OK(w->WriteString(i, s));
    } else if (i == 29) {
      ArrayWriter a;
      ZR_RETURN_NOT_OK(w->BeginArray(i, 10, &a));
      for (int k = 0; k < 10; ++k) ZR_RETURN_NOT_OK(a.WriteInt64(k, seed + k));
      ZR_RETURN_NOT_OK(a.Finish());
    } else if (i % 3 == 1) {
      ZR_RETURN_NOT_OK(w->WriteInt64(i, int64_t{seed} * i));
    } else {
      ZR_RETURN_NOT_OK(w->WriteFloat64(i, seed * 1.5 + i));
    }
  }
  return w->Finish();
}

Schema RecordSchema() {
  return *Schema::Make({field("id", int32()), field("name", string()), field("score", float64()),
                        field("count", int64()), field("flag", bool_())});
}

Status WriteRecord(RowWriter* w, int seed) {
  w->Reset();
  ZR_RETURN_NOT_OK(w->WriteInt32(0, seed));
  ZR_RETURN_NOT_OK(w->WriteString(1, "name" + std::to_string(seed)));
  ZR_RETURN_NOT_OK(w->WriteFloat64(2, seed * 0.5));
  ZR_RETURN_NOT_OK(w->WriteInt64(3, int64_t{seed} * 7));
  ZR_RETURN_NOT_OK(w->WriteBool(4, seed % 2 == 0));
  return w->Finish();
}

Batch MakeBatch(const Schema& schema, Status (*write)(RowWriter*, int), int n) {
  Batch b;
  RowWriter w(schema);
  for (int k = 0; k < n; ++k) {
    Status st = write(&w, k);
    (void)st;
    b.bytes.insert(b.bytes.end(), w.bytes().begin(), w.bytes().end());
    b.offsets.push_back(static_cast<int64_t>(b.bytes.size()));
  }
  return b;
}

}  // namespace zerorow::bench
