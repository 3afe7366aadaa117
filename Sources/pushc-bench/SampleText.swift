/// A seeded source of numbers (SplitMix64): the same seed gives the same corpus on
/// every machine.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}

/// Notification text in several scripts, with emoji and characters JSON must escape,
/// so that the corpus exercises the reader's and writer's slow paths too.
enum SampleText {
  static let titles = [
    "Your order has shipped 📦", "Bestellung unterwegs ✓", "Commande expédiée — suivez-la",
    "注文が発送されました", "Ваш заказ в пути", "¡Tu pedido está en camino! 🚚",
    "طلبك في الطريق", "주문하신 상품이 출발했습니다", "Back in stock: \"Trail Runner\"",
    "Price drop ↓ 20 %",
  ]

  static let phrases = [
    "Tap to see where it is.", "Ünïcödé straße, naïve café, smörgåsbord.",
    "配送状況はアプリで確認できます。", "Отследить посылку можно в приложении.",
    "Estimated delivery: Tuesday 🗓️", "Free returns within 30 days ✈️",
    "Questions? Reply to this message.\nWe answer within the hour.",
    "Use code SAVE20\tat checkout.", "A path\\with\\backslashes and \"quotes\".",
    "🎉🎉🎉 Thank you for shopping with us! 🛍️",
  ]

  /// A title for record `index`.
  static func title(_ index: Int, using generator: inout SeededGenerator) -> String {
    titles.randomElement(using: &generator)! + " #\(index)"
  }

  /// Body text of about `bytes` UTF-8 bytes.
  static func body(bytes: Int, using generator: inout SeededGenerator) -> String {
    var text = ""
    while text.utf8.count < bytes {
      if !text.isEmpty { text += " " }
      text += phrases.randomElement(using: &generator)!
    }
    return text
  }
}
