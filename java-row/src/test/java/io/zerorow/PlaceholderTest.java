package io.zerorow;
class PlaceholderTest { @org.junit.jupiter.api.Test void ok() {} }
