import { PNG_3x2, TEXT_FILE } from "../support/photos";
import { createAccount, fillLogin, openAdmin } from "./admin-support";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { assignMentor, createMentor, payingStudent, signInToPortal } from "./mentor-support";
import { decodedMail, mailTo, releaseAllHolds, setCohort, uniqueEmail, withDb } from "./support";

/**
 * Stories that sell (issue 36, items 2 and 5): a student reports an offer, her mentor confirms it,
 * which asks her for a testimonial; she writes it with consent, the owner approves it and it is
 * on the home page with her photo; she withdraws consent and it is gone at once, photo too (a
 * post clears the parts the home page keeps on the instance that answered it). Plain posts in the
 * portal (no framework JavaScript).
 */
test.describe("testimonials", () => {
  test.describe.configure({ timeout: 180_000 });

  test("a student's testimonial is published with consent and gone when consent is withdrawn", async ({
    browser,
  }) => {
    await releaseAllHolds();
    await setCohort({ capacity: 10, enrolled_count: 0, is_active: 1, start_date: "2027-01-13" });
    const email = uniqueEmail("story-student");
    const mentorEmail = uniqueEmail("story-mentor");
    await createMentor(mentorEmail, "Mona Mentor");
    const personId = await payingStudent(browser, email);
    await assignMentor(email, mentorEmail);
    const firm = `Firm ${Date.now()}`;

    // The student reports the offer; her mentor confirms it on her page.
    const student = await (await browser.newContext()).newPage();
    await signInToPortal(student, email);
    await student.goto("/portal/interviews");
    const offer = student.locator("[data-offer-form]");
    await offer.getByLabel("Firm").fill(firm);
    await offer.getByLabel("Role").fill("Summer Analyst");
    await offer.getByLabel("Track").selectOption("Capital Markets");
    await offer.getByLabel("Internship").check();
    await offer.getByRole("button", { name: "Report offer" }).click();
    await expect(student.locator(`[data-offer='${firm}'] [data-offer-state]`)).toHaveText(
      "Waiting for your mentor to confirm",
    );
    const mentor = await (await browser.newContext()).newPage();
    await signInToPortal(mentor, mentorEmail);
    await mentor.goto(`/portal/mentor/students/${personId}`);
    await mentor.getByRole("button", { name: `Confirm the ${firm} offer` }).click();
    await expect(mentor.getByText("Offer confirmed").first()).toBeVisible();
    await mentor.context().close();
    const person = await withDb((db) =>
      db
        .selectFrom("people")
        .select(["first_name", "last_name"])
        .where("id", "=", personId)
        .executeTakeFirstOrThrow(),
    );
    const fullName = `${person.first_name} ${person.last_name}`;
    await expect
      .poll(
        async () =>
          (await mailTo(email)).some((m) => decodedMail(m).includes("/portal/testimonial")),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);

    // The student: the prompt on the portal home, then the page.
    await student.goto("/portal");
    await student.getByRole("link", { name: "Write my testimonial" }).click();
    await expect(
      student.getByRole("heading", { level: 1, name: "Your testimonial" }),
    ).toBeVisible();
    await expectNoAxeViolations(student);
    // Refused: no consent chosen (the browser's own check is skipped to reach the server).
    const quote = `The mock interviews got me my offer at ${firm}.`;
    await student.getByLabel("Your testimonial").fill(quote);
    await student.locator("form[data-testimonial-form]").evaluate((form) => {
      (form as HTMLFormElement).noValidate = true;
    });
    await student.getByRole("button", { name: "Send my testimonial" }).click();
    await expect(student.locator("[id$='-consent-error']")).toHaveText(
      "Please choose how we may publish it",
    );
    await student.getByRole("radio", { name: /With my full name/ }).check();
    // A text file named .png is refused by its content, under the field, nothing stored.
    const photoField = student.getByLabel("Your photo (optional)");
    await photoField.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: TEXT_FILE });
    await student.getByRole("button", { name: "Send my testimonial" }).click();
    await expect(student.locator("[id$='-photo-error']")).toHaveText(
      "Please choose a JPEG or PNG photo: this file is not one",
    );
    await expect(student.locator("[data-testimonial-status]")).toHaveAttribute(
      "data-testimonial-status",
      "requested",
    );
    await student.getByLabel("Your testimonial").fill(quote);
    await student.getByRole("radio", { name: /With my full name/ }).check();
    await student.getByLabel("Your rating of the program (optional)").selectOption("5");
    await photoField.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG_3x2 });
    await student.getByRole("button", { name: "Send my testimonial" }).click();
    await expect(student.locator("[data-testimonial-status]")).toHaveAttribute(
      "data-testimonial-status",
      "submitted",
    );
    await expect(student.getByRole("button", { name: "Remove my photo" })).toBeVisible();
    await expect(student.locator("[data-consent-given]")).toContainText(
      "I agree that From Scratch to Success may publish my testimonial",
    );
    await expect(student.locator("[data-testimonial-prompt]")).toHaveCount(0);

    // The owner approves it.
    const ownerEmail = uniqueEmail("story-owner");
    await createAccount(ownerEmail, true);
    const owner = await (await browser.newContext()).newPage();
    await openAdmin(owner);
    await fillLogin(owner, ownerEmail);
    await owner.getByRole("button", { name: "Login" }).click();
    // The console's first page: a shared 2-core machine can take longer than the default.
    await expect(owner.getByRole("heading", { level: 1, name: "Cohort Settings" })).toBeVisible({
      timeout: 30_000,
    });
    await owner.goto("/admin/testimonials");
    // By the firm too: other specs' students may share her name in the same database.
    const card = owner.getByRole("article", { name: fullName }).filter({ hasText: firm });
    await expect(card).toContainText(firm);
    // The owner sees the photo (the upload's own admin address, shown as an image).
    const ownerPhoto = card.getByRole("img", { name: `${fullName}'s photo` });
    await expect(ownerPhoto).toBeVisible();
    await expect
      .poll(async () => ownerPhoto.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBe(3);
    await expectNoAxeViolations(owner);
    await card.getByRole("button", { name: "Approve" }).click();
    await expect(owner.getByText(`${fullName}'s testimonial is published`)).toBeVisible();

    // On the home page, for a new visitor.
    const visitor = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    await visitor.goto("/");
    const grid = visitor.locator("#testimonials");
    await expect(grid).toContainText(quote);
    await expect(grid.getByText(fullName, { exact: true })).toBeVisible();
    // The role and firm of her offer, and her stars, as the written testimonials show theirs.
    const story = grid.locator("figure").filter({ hasText: quote });
    await expect(story.getByText(`Summer Analyst, ${firm}`, { exact: true })).toBeVisible();
    await expect(story.getByRole("img", { name: "5 out of 5 stars" })).toBeVisible();
    // Fewer than four published: the four written ones stay.
    await expect(visitor.locator("[data-stories]")).toHaveAttribute("data-stories", "1");
    await expect(visitor.locator("[data-stories] > figure")).toHaveCount(5);
    // Her photo beside it, named by her name, lazy, with its size; served only while published.
    const photo = grid.getByRole("img", { name: fullName });
    await expect(photo).toHaveAttribute("loading", "lazy");
    await expect(photo).toHaveAttribute("width", "64");
    await expect(photo).toHaveAttribute("height", "64");
    const photoUrl = (await photo.getAttribute("src"))!;
    expect(photoUrl).toMatch(/^\/testimonials\/[^/]+\/photo\?v=/);
    const served = await visitor.request.get(photoUrl);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/png");
    expect(served.headers()["x-content-type-options"]).toBe("nosniff");
    // Asked again every time (a withdrawal must take it off at once), with a tag to answer 304.
    expect(served.headers()["cache-control"]).toBe("no-cache");
    expect(served.headers()["etag"]).toBeTruthy();
    expect(Buffer.from(await served.body()).equals(PNG_3x2)).toBe(true);
    // The written testimonials have no photo.
    await expect(grid.locator("img")).toHaveCount(1);

    // The student withdraws consent: gone on the next visit.
    await student.goto("/portal/testimonial");
    await student.getByRole("button", { name: "Withdraw my consent" }).click();
    await expect(student.locator("[data-testimonial-status]")).toHaveAttribute(
      "data-testimonial-status",
      "hidden",
    );
    await visitor.goto("/");
    await expect(visitor.locator("#testimonials")).not.toContainText(quote);
    await expect(visitor.locator("#testimonials")).toContainText("Maya R.");
    await expect(visitor.locator("#testimonials img")).toHaveCount(0);
    expect((await visitor.request.get(photoUrl)).status()).toBe(404);
  });
});
