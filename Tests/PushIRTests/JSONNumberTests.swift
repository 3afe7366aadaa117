import PushIR
import Testing

/// A number's value as a whole number, whatever its spelling: exact from the digits.
@Suite struct JSONNumberTests {
  @Test(arguments: [
    ("1", 1), ("-0", 0), ("1.0", 1), ("1e0", 1), ("10E-1", 1), ("12.30e1", 123),
    ("-0.0", 0), ("-1", -1), ("-2.0e0", -2), ("0e999999999999999999999", 0), ("0.000e-5000000", 0),
    ("9223372036854775807", Int.max), ("9223372036854775807.000", Int.max),
    ("92233720368547758.07e2", Int.max), ("100000e-5", 1),
  ])
  func wholeNumbersInAnySpelling(_ lexeme: String, _ value: Int) {
    #expect(JSONNumber(lexeme: lexeme).wholeValue == value)
  }

  @Test(arguments: [
    "1.5", "-1.5", "1e-1", "1e400", "9223372036854775808", "9223372036854775808.0",
    "1e9223372036854775807", "1e-9223372036854775808", "1e19", "0.1e-4000001",
  ])
  func otherNumbersAreNone(_ lexeme: String) {
    #expect(JSONNumber(lexeme: lexeme).wholeValue == nil)
  }

  /// Whether a number is whole is decided on its digits, whether or not it fits in 64 bits.
  @Test(arguments: [
    ("1.0", true), ("1E3", true), ("99999999999999999999", true), ("1e400", true),
    ("1e9223372036854775807", true), ("1000000000000000000000e-2", true), ("-0.0e-7", true),
    ("1.5", false), ("1e-400", false), ("99999999999999999999.5", false),
    ("1e-9223372036854775808", false), ("1.25e1", false),
  ])
  func wholenessIsDecidedOnTheDigits(_ lexeme: String, _ isWhole: Bool) {
    #expect(JSONNumber(lexeme: lexeme).isWhole == isWhole)
  }

  /// A count keeps an integer's spelling, spells another whole number as the integer it
  /// is, and is nothing for a negative or fractional number.
  @Test(arguments: [
    ("1", "1"), ("-0", "-0"), ("1.0", "1"), ("2e1", "20"), ("-0.0", "0"),
    ("-1", nil), ("1.5", nil), ("-2.0", nil),
  ])
  func countsAreSpelledAsIntegers(_ lexeme: String, _ count: String?) {
    #expect(JSONNumber(lexeme: lexeme).asCount?.lexeme == count)
  }

  /// A whole number from 0 too large for a count is told apart from one that is no count
  /// at all: the largest count is 2^63 - 1, as iOS's badge is a signed 64-bit integer.
  @Test(arguments: [
    ("9223372036854775807", false), ("9223372036854775808", true),
    ("18446744073709551615", true), ("1e400", true), ("9.3e18", true), ("-1e400", false),
    ("-3", false), ("1.5", false), ("0", false),
  ])
  func aCountBeyond63BitsIsToldApart(_ lexeme: String, _ beyond: Bool) {
    #expect(JSONNumber(lexeme: lexeme).isCountBeyond63Bits == beyond)
  }

  /// A text spells a number exactly when it is one JSON number as a whole, as the reader
  /// reads it, with nothing around it.
  @Test(arguments: [
    "0", "-0", "12", "-5", "12.5", "1e3", "1E+3", "2.5e-7", "007", "+5", ".5", "5.", "1e",
    "1e+", "--1", "-", "", " 12", "12 ", "0x10", "1_000", "١٢",
  ])
  func aNumberIsSpelledAsTheReaderReadsOne(_ text: String) {
    let read = try? JSONReader.parse(Array(text.utf8))
    let isOneNumber =
      read?.numberValue != nil && text.first?.isWhitespace == false
      && text.last?.isWhitespace == false
    #expect((JSONNumber(spelled: text) != nil) == isOneNumber, "'\(text)'")
    #expect(JSONNumber(spelled: text)?.lexeme == (isOneNumber ? text : nil))
  }
}
