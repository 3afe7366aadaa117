/// The jq program the benchmark compares against: the same Klaviyo upgrade pushc makes
/// from a predefined category to dynamic buttons (the first button follows the tap's deep
/// link, or opens the app; the second opens the app), as far as jq can express it.
enum JQProgram {
  static let text = #"""
    def buttons: {
      "com.klaviyo.category.acceptDecline": [["com.klaviyo.action.accept", "Accept"], ["com.klaviyo.action.decline", "Decline"]],
      "com.klaviyo.category.yesNo": [["com.klaviyo.action.yes", "Yes"], ["com.klaviyo.action.no", "No"]],
      "com.klaviyo.category.confirmCancel": [["com.klaviyo.action.confirm", "Confirm"], ["com.klaviyo.action.cancel", "Cancel"]],
      "com.klaviyo.category.viewDismiss": [["com.klaviyo.action.view", "View"], ["com.klaviyo.action.dismiss", "Dismiss"]]
    };
    . as $payload
    | $payload.body.url as $url
    | .body.action_buttons = [
        buttons[$payload.aps.category] // [] | to_entries[]
        | {id: .value[0], label: .value[1]}
          + (if .key == 0 and $url then {action: "deep_link", url: $url} else {action: "open_app"} end)
      ]
    | if $url then .url = $url else . end
    | del(.aps.category)
    | .aps["mutable-content"] = 1
    """#
}
