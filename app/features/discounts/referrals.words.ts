/** Referrals (issue 49): the student's card, the owner's list, the person page's lines. */
export const referralsText = {
  cardTitle: "Refer a friend",
  cardBody: (saves: string, earns: string) =>
    `Know someone who would thrive here? Give them your code: once they qualify, they enter it on the enroll page and save ${saves}, and you earn ${earns} back on your seat when they pay.`,
  codeLabel: "Your referral code",
  tally: (friends: number, owed: string, paid: string) =>
    friends === 0
      ? "No friend has enrolled with it yet."
      : `${friends} ${friends === 1 ? "friend" : "friends"} enrolled with it: ${paid} paid back, ${owed} on its way.`,
  // The owner's list on /admin/codes
  listTitle: "Referral rewards",
  none: "No friend has enrolled with a referral code yet.",
  columns: ["Referrer", "Friend", "Reward", "Status", "Action"],
  statuses: { owed: "Owed", refunded: "Refunded", void: "Voided" },
  refund: "Refund on their seat",
  void: "Void",
  refunded: "Reward refunded on the referrer's seat",
  voided: "Reward voided",
  notOwed: "That reward is already settled",
  noSeat: "The referrer has no paid seat to refund this on: void it and pay them another way",
  providerFailed: "The payment provider refused the refund: nothing changed. Try again later.",
  // The person page
  referredBy: (name: string) => `Referred by ${name}`,
  referred: (name: string, amount: string, status: string) =>
    `Referred ${name}: ${amount} (${status})`,
} as const;
