import { createAccount, logIn } from "./admin-support";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { applyAs, gotMail, newBrowser, payOnTestCheckout } from "./people";
import {
  decodedMail,
  mailTo,
  releaseAllHolds,
  setCohort,
  storedCohort,
  uniqueEmail,
} from "./support";

const OWNER = `owner.queue.${Date.now()}@example.com`;

test.describe("the seat queue", () => {
  // Several browsers and the worker's cycles: slow on a busy two-CPU machine.
  test.describe.configure({ timeout: 90_000 });
  test.beforeAll(async () => await createAccount(OWNER, true));
  test.beforeEach(async () => {
    await releaseAllHolds();
    await setCohort({ capacity: 1, enrolled_count: 0, is_active: 1, start_date: "2027-01-13" });
  });

  test("a freed seat is offered to the next in line, who pays through the emailed link", async ({
    browser,
  }) => {
    const [a, b, c] = ["queue-a", "queue-b", "queue-c"].map(uniqueEmail) as [
      string,
      string,
      string,
    ];

    // A takes the only seat.
    const pageA = await applyAs(browser, a);
    await expect(pageA).toHaveURL(/\/enroll$/);
    await payOnTestCheckout(pageA);

    // B qualifies, finds the cohort full and is waitlisted (and queued).
    const pageB = await applyAs(browser, b);
    await expect(pageB).toHaveURL(/\/apply\?result=cohort_full$/);

    // The owner raises capacity to 2 in the console.
    const owner = await newBrowser(browser);
    await logIn(owner, OWNER);
    await owner.getByLabel("Capacity").fill("2");
    await owner.getByRole("button", { name: "Save Changes" }).click();
    await expect(owner.getByText("Cohort settings have been updated.")).toBeVisible();

    // The worker offers B the seat by email.
    await gotMail(b, "A seat has opened up");
    const offer = decodedMail((await mailTo(b)).find((m) => m.includes("A seat has opened up"))!);
    const claim = /http:\/\/localhost:\d+(\/enroll\?offer=[A-Za-z0-9_-]{43})/.exec(offer)![1]!;
    expect(offer).toMatch(/\/offers\/[A-Za-z0-9_-]{43}/);

    // C qualifies meanwhile: the offered seat is taken for them, so C is waitlisted.
    const pageC = await applyAs(browser, c);
    await expect(pageC).toHaveURL(/\/apply\?result=cohort_full$/);
    await pageC.goto("/enroll");
    await expect(pageC).toHaveURL(/\/apply$/);

    // B follows the link (in a fresh browser: the link alone proves who they are) and pays.
    const inbox = await newBrowser(browser);
    await inbox.goto(claim);
    await expect(inbox).toHaveURL(/\/enroll$/);
    await expect(inbox.getByText("Your seat is held")).toBeVisible();
    await expectNoAxeViolations(inbox);
    await payOnTestCheckout(inbox);
    expect((await storedCohort()).enrolled_count).toBe(2);

    // The used link now says the offer has ended.
    await inbox.goto(claim);
    await expect(inbox).toHaveURL(/\/apply$/);
    await expect(inbox.getByText("This seat offer has ended")).toBeVisible();
  });

  test("No thanks passes the seat on: opening the link changes nothing, the button does", async ({
    browser,
  }) => {
    await setCohort({ capacity: 0 });
    const [b, c] = ["decline-b", "decline-c"].map(uniqueEmail) as [string, string];
    for (const email of [b, c]) {
      const page = await applyAs(browser, email);
      await expect(page).toHaveURL(/\/apply\?result=cohort_full$/);
    }
    await setCohort({ capacity: 1 });
    await gotMail(b, "A seat has opened up");
    const offer = decodedMail((await mailTo(b)).find((m) => m.includes("A seat has opened up"))!);
    const decline = /http:\/\/localhost:\d+(\/offers\/[A-Za-z0-9_-]{43})/.exec(offer)![1]!;

    const page = await newBrowser(browser);
    await page.goto(decline);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Give your seat away?");
    await expectNoAxeViolations(page);
    await page.goto(decline);
    expect((await mailTo(c)).some((m) => m.includes("A seat has opened up"))).toBe(false);
    await page.getByRole("button", { name: "No thanks, give my seat away" }).click();
    await expect(page.getByText("Seat passed on")).toBeVisible();
    await gotMail(c, "A seat has opened up");
  });
});
