import { request as playwrightRequest, type Browser, type Page } from "@playwright/test";
import { createAccount, logIn } from "./admin-support";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { newBrowser, takeResumeTemplate } from "./people";
import { decodedMail, mailTo, uniqueEmail, withDb } from "./support";

const OWNER = `owner.marketing.${Date.now()}@example.com`;

/** Takes the resume template in a browser of its own, ticking "career tips". */
async function leadWithConsent(browser: Browser, email: string, source = "direct") {
  await takeResumeTemplate(await newBrowser(browser), email, `?utm_source=${source}`);
}

/** The owner writes and sends a broadcast to everyone who took the resume template. */
async function sendBroadcast(owner: Page, subject: string) {
  await owner.goto("/admin/broadcasts");
  await owner.getByLabel("Free resource taken").selectOption({ label: "Resume Template" });
  await owner.getByLabel("Subject").fill(subject);
  await owner.getByLabel("Message (Markdown)").fill(`News for **you**.\n\n- one\n- two`);
  await owner.getByRole("button", { name: "Send", exact: true }).click();
  // Nothing goes until the owner has seen it as recipients will, and to how many.
  await expect(owner.getByTestId("broadcast-preview")).toContainText("News for you.");
  await owner.getByRole("button", { name: /^Send to \d+ (person|people)$/ }).click();
  await expect(owner.getByText("Broadcast on its way")).toBeVisible();
}

const mailWith = async (email: string, text: string) =>
  (await mailTo(email)).map(decodedMail).find((m) => m.includes(text));

test.describe("marketing mail", () => {
  test.describe.configure({ timeout: 90_000 });
  test.beforeAll(async () => await createAccount(OWNER, true));

  test("a lead with consent gets a broadcast, one-click unsubscribes, and gets no more", async ({
    browser,
  }) => {
    const reader = uniqueEmail("tips-reader");
    const control = uniqueEmail("tips-control");
    // A source of their own, so the count is theirs while other tests add leads at the same time.
    const source = `tips${Date.now()}`;
    await leadWithConsent(browser, reader, source);
    await leadWithConsent(browser, control, source);

    const owner = await newBrowser(browser);
    await logIn(owner, OWNER);
    await owner.getByRole("link", { name: "Broadcasts", exact: true }).click();
    await expect(owner.getByRole("heading", { level: 1, name: "Broadcasts" })).toBeVisible();
    await expectNoAxeViolations(owner);
    // The live count follows the audience filters.
    const count = owner.getByTestId("audience-count");
    await owner.getByLabel("Kind").selectOption({ label: "Career tips" });
    await owner.getByLabel("Free resource taken").selectOption({ label: "Resume Template" });
    // Both leads above, and only they, came from this source and agreed to tips.
    await owner.getByLabel("First-touch source").selectOption(source);
    await expect(count).toHaveText("2 people will get it");
    // Without JavaScript "Update count" posts the form: the same count, the draft kept.
    await owner.getByLabel("Subject").fill("Draft kept");
    await owner.getByRole("button", { name: "Update count" }).click();
    await expect(count).toHaveText("2 people will get it");
    await expect(owner.getByLabel("Subject")).toHaveValue("Draft kept");

    const first = `Cohort news ${Date.now()}`;
    await sendBroadcast(owner, first);
    await expect
      .poll(async () => Boolean(await mailWith(reader, first)), { timeout: 20_000 })
      .toBe(true);
    const received = (await mailWith(reader, first))!.replace(/\r?\n[ \t]+/g, " ");
    expect(received).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    const url = /^List-Unsubscribe: <([^>]+)>/m.exec(received)?.[1];
    expect(url).toMatch(/\/unsubscribe\/[A-Za-z0-9_-]{32}$/);
    expect(received).toContain("<strong>you</strong>");

    // As a mail provider sends it: no cookie, no Origin, the RFC 8058 body.
    const provider = await playwrightRequest.newContext();
    const answer = await provider.post(url!, {
      form: { "List-Unsubscribe": "One-Click" },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(200);
    await provider.dispose();

    const second = `More news ${Date.now()}`;
    await sendBroadcast(owner, second);
    await expect
      .poll(async () => Boolean(await mailWith(control, second)), { timeout: 20_000 })
      .toBe(true);
    expect(await mailWith(reader, second)).toBeUndefined();
    const row = owner.getByTestId("broadcast-row").filter({ hasText: first });
    await owner.reload();
    await expect(row).toContainText(first);
    // Queued → sending → sent: every email of the first broadcast has gone.
    await expect(row).toContainText("Sent");
  });

  test("the unsubscribe page asks first, and can keep cohort news only", async ({ browser }) => {
    const email = uniqueEmail("tips-page");
    await leadWithConsent(browser, email);
    const owner = await newBrowser(browser);
    await logIn(owner, OWNER);
    await sendBroadcast(owner, `Page check ${Date.now()}`);
    await expect
      .poll(async () => Boolean(await mailWith(email, "Page check")), { timeout: 20_000 })
      .toBe(true);
    const url = /\/unsubscribe\/[A-Za-z0-9_-]{32}/.exec(
      (await mailWith(email, "Page check"))!,
    )?.[0];

    const page = await newBrowser(browser);
    await page.goto(url!);
    await expect(page.getByRole("heading", { name: "Unsubscribe from our emails?" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Only send me cohort news" }).click();
    await expect(page.getByRole("heading", { name: "You'll only get cohort news" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto("/unsubscribe/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    await expect(
      page.getByRole("heading", { name: "This unsubscribe link is not valid" }),
    ).toBeVisible();
  });

  test("finding 8: one-click unsubscribe with a provider's Origin", async ({
    browser,
    request,
  }) => {
    const email = uniqueEmail("tips-origin");
    await leadWithConsent(browser, email);
    const marketing = () =>
      withDb((db) =>
        db
          .selectFrom("people")
          .select(["marketing", "unsubscribe_token"])
          .where("email", "=", email)
          .executeTakeFirstOrThrow(),
      );
    const { unsubscribe_token: token } = await marketing();
    const page = `/unsubscribe/${token}/choose`;

    // Another site's form posting the page's own choice is refused (the browser's Origin).
    const forged = await request.post(page, {
      headers: { origin: "https://evil.example" },
      form: { intent: "unsubscribe" },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(403);
    expect((await marketing()).marketing).toBe("subscribed");
    // As a provider posts it from its own servers, naming its own origin.
    const answer = await request.post(`/unsubscribe/${token}`, {
      headers: { origin: "https://mail.example" },
      form: { "List-Unsubscribe": "One-Click" },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(200);
    expect((await marketing()).marketing).toBe("unsubscribed");

    // Any other post to the one-click address is sent to the page, which asks.
    const notOneClick = await request.post(`/unsubscribe/${token}`, {
      headers: { origin: "https://evil.example" },
      form: { intent: "unsubscribe" },
      maxRedirects: 0,
    });
    expect(notOneClick.status()).toBe(303);
    expect(notOneClick.headers()["location"]).toBe(page);
  });

  test("the owner sees each sequence's steps and can pause and resume it", async ({ browser }) => {
    const owner = await newBrowser(browser);
    await logIn(owner, OWNER);
    await owner.getByRole("link", { name: "Sequences", exact: true }).click();
    await expect(owner.getByRole("heading", { level: 1, name: "Email sequences" })).toBeVisible();
    await expectNoAxeViolations(owner);
    const state = owner.getByTestId("sequence-state-tracker");
    await expect(state).toHaveText("Running");
    const card = owner.getByRole("region", { name: "Application Tracker follow-up" });
    await card.getByRole("button", { name: "Pause" }).click();
    await expect(owner.getByText("Sequence paused")).toBeVisible();
    await expect(state).toHaveText("Paused");
    await card.getByRole("button", { name: "Resume" }).click();
    await expect(state).toHaveText("Running");
  });
});
