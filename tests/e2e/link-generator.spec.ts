import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import * as QRCode from "qrcode";
import { expect, expectNoAxeViolations, test } from "./fixtures";

const VIDEO = "dQw4w9WgXcQ";
const SPACES = "A rep code cannot contain spaces. Use _ or - instead, e.g. jane_d.";
const MESSAGE_OPENING =
  "Hi! Thanks for connecting. Here are a few free resources from From Scratch to Success for students and recent grads going after internships and entry-level roles in finance:";
const MESSAGE_CLOSING = "Happy to answer any questions. Just reply here!";

function oddIdWarning(id: string) {
  return `“${id}” does not look like a YouTube video ID (11 letters, digits, - or _). The links carry it as it is, so check it before sharing them.`;
}

/** Opens the page and waits until React has hydrated the form, so Generate runs client-side. */
async function open(page: Page) {
  await page.goto("/link-generator");
  await expect(page.locator("form[data-hydrated='true']")).toBeAttached();
}

function youtubeLink(base: string, path: string, campaign: string, content: string) {
  return `${base}${path}?utm_source=youtube&utm_medium=video&utm_campaign=${campaign}&utm_content=${content}&utm_term=yt_${VIDEO}&vid=${VIDEO}`;
}

function linkedinLink(base: string, path: string, campaign: string, content: string, term: string) {
  return `${base}${path}?utm_source=linkedin&utm_medium=dm&utm_campaign=${campaign}&utm_content=${content}&utm_term=${term}`;
}

/** Clicks a link's Download QR and returns the file's suggested name and its bytes. */
async function downloadQr(page: Page, label: string) {
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("link", { name: `Download QR code for ${label}` }).click();
  const download = await downloadPromise;
  const png = await readFile(await download.path());
  return { name: download.suggestedFilename(), png };
}

const QR_MARGIN = 2;

/** The dark modules of the code the library makes of a link (as the page asks for it). */
function expectedModules(link: string): boolean[][] {
  const { modules } = QRCode.create(link, { errorCorrectionLevel: "M" });
  return Array.from({ length: modules.size }, (_, row) =>
    Array.from({ length: modules.size }, (_, col) => modules.get(row, col) === 1),
  );
}

/**
 * Reads a PNG QR code back, module by module: the browser decodes the image (so it must be a
 * real PNG), and the centre of each module's square says dark or light.
 */
async function readQrModules(page: Page, png: Buffer): Promise<boolean[][]> {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return page.evaluate(
    async ({ dataUrl, margin }) => {
      const image = new Image();
      image.src = dataUrl;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext("2d")!;
      context.drawImage(image, 0, 0);
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
      // Find the module size from the first dark pixel on the diagonal (the finder's corner).
      let first = 0;
      while (pixels[(first * canvas.width + first) * 4]! > 128) first += 1;
      const scale = first / margin;
      const size = Math.round(canvas.width / scale) - 2 * margin;
      return Array.from({ length: size }, (_, row) =>
        Array.from({ length: size }, (_, col) => {
          const x = Math.floor((col + margin + 0.5) * scale);
          const y = Math.floor((row + margin + 0.5) * scale);
          return pixels[(y * canvas.width + x) * 4]! < 128;
        }),
      );
    },
    { dataUrl: `data:image/png;base64,${png.toString("base64")}`, margin: QR_MARGIN },
  );
}

test.describe("link generator", () => {
  test("shows the page with its platform choice and destinations", async ({
    page,
    consoleErrors,
  }) => {
    await open(page);
    await expect(page).toHaveTitle(/Marketing Link Generator/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Marketing Link Generator");
    const platform = page.getByRole("group", { name: "Platform" });
    await expect(platform.getByRole("radio", { name: "YouTube" })).toBeChecked();
    await expect(platform.getByRole("radio", { name: "LinkedIn" })).not.toBeChecked();
    await expect(
      page.getByRole("group", { name: "Destinations" }).getByRole("checkbox"),
    ).toHaveCount(6);
    await expect(page.getByLabel("YouTube video URL or ID")).toBeVisible();
    await page.getByRole("radio", { name: "LinkedIn" }).check();
    await expect(page.getByLabel("Rep code")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "YouTube video URL or ID" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Copy" })).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test("shows each error message next to its field", async ({ page }) => {
    await open(page);
    await page.getByRole("button", { name: "Generate Links" }).click();
    const idField = page.getByLabel("YouTube video URL or ID");
    await expect(
      page.getByRole("alert").filter({ hasText: "Please enter a video ID" }),
    ).toBeVisible();
    await expect(
      page.getByRole("alert").filter({ hasText: "Please select at least one destination" }),
    ).toBeVisible();
    await expect(idField).toHaveAttribute("aria-invalid", "true");
    await expect(idField).toHaveAccessibleDescription(/Please enter a video ID/);
    await expect(idField).toBeFocused();
    await expect(page.getByRole("group", { name: "Destinations" })).toHaveAccessibleDescription(
      /Please select at least one destination/,
    );

    await page.getByRole("radio", { name: "LinkedIn" }).check();
    await page.getByRole("checkbox", { name: "Resume Template" }).check();
    await expect(page.getByText("Please select at least one destination")).toHaveCount(0);
    await page.getByLabel("Rep code").fill("   ");
    await page.getByRole("button", { name: "Generate Links" }).click();
    await expect(page.getByRole("alert")).toHaveText(["Please enter a rep code"]);
    await expect(page.getByLabel("Rep code")).toBeFocused();

    await page.getByLabel("Rep code").fill("rep42");
    await page.getByRole("checkbox", { name: "Resume Template" }).uncheck();
    await page.getByRole("button", { name: "Generate Links" }).click();
    await expect(page.getByRole("alert")).toHaveText(["Please select at least one destination"]);
    await expect(page.getByRole("textbox", { name: "Resume Template" })).toHaveCount(0);
  });

  test("YouTube: a pasted watch URL gives exact links, a CTA block and QR codes", async ({
    page,
    baseURL,
    consoleErrors,
  }) => {
    await open(page);
    await page
      .getByLabel("YouTube video URL or ID")
      .fill(`https://www.youtube.com/watch?v=${VIDEO}&t=42s&si=abcDEF`);
    await page.getByRole("checkbox", { name: "Mentorship Application" }).check();
    await page.getByRole("checkbox", { name: "Resume Template" }).check();
    await page.getByRole("checkbox", { name: "Resource Library" }).check();
    await expect(page.getByRole("textbox", { name: "Resume Template" })).toHaveCount(0);
    await page.getByRole("button", { name: "Generate Links" }).click();

    await expect(page.getByText(`Links for video ID ${VIDEO}`)).toBeVisible();
    const expected = {
      "Resume Template": youtubeLink(baseURL!, "/resume-template", "resume_template", "resume"),
      "Resource Library": youtubeLink(baseURL!, "/resource-library", "resources", "general"),
      "Mentorship Application": youtubeLink(baseURL!, "/apply", "application", "general"),
    };
    for (const [label, url] of Object.entries(expected)) {
      const field = page.getByRole("textbox", { name: label, exact: true });
      await expect(field).toHaveValue(url);
      await expect(field).toHaveAttribute("readonly", "");
    }
    await expect(page.locator("li[data-destination]")).toHaveCount(3);
    // The form is GET: the links' URL carries the request, so it can be shared.
    const query = new URL(page.url()).searchParams;
    expect(query.get("platform")).toBe("youtube");
    expect(query.get("video")).toBe(`https://www.youtube.com/watch?v=${VIDEO}&t=42s&si=abcDEF`);
    expect(query.getAll("destinations")).toEqual([
      "resume_template",
      "resource_library",
      "application",
    ]);
    expect(
      await page
        .locator("li[data-destination]")
        .evaluateAll((items) => items.map((item) => item.getAttribute("data-destination"))),
    ).toEqual(["resume_template", "resource_library", "application"]);

    const cta = page.getByRole("textbox", {
      name: "Paste this into the YouTube video description",
    });
    await expect(cta).toHaveAttribute("readonly", "");
    await expect(cta).toHaveValue(
      [
        "📄 Get our proven resume template:",
        expected["Resume Template"],
        "",
        "📚 Browse our free finance career resource library:",
        expected["Resource Library"],
        "",
        "🚀 Apply for the 6-week finance mentorship program:",
        expected["Mentorship Application"],
      ].join("\n"),
    );
    await expect(page.getByRole("img", { name: /QR code for the/ })).toHaveCount(3);
    await expect(page.getByRole("button", { name: "Copy CTA Block" })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(consoleErrors).toEqual([]);
  });

  test("LinkedIn: a rep code gives exact, encoded links and a message block, no CTA block", async ({
    page,
    baseURL,
  }) => {
    await open(page);
    await page.getByRole("radio", { name: "LinkedIn" }).check();
    await page.getByLabel("Rep code").fill("  josé&co+1 ");
    for (const label of [
      "Resume Template",
      "Cold Outreach Scripts",
      "Application Tracker",
      "Resource Library",
      "Resume Review",
      "Mentorship Application",
    ]) {
      await page.getByRole("checkbox", { name: label }).check();
    }
    await page.getByRole("button", { name: "Generate Links" }).click();
    const term = "jos%C3%A9%26co%2B1";
    const expected = [
      [
        "Resume Template",
        linkedinLink(baseURL!, "/resume-template", "resume_template", "resume", term),
      ],
      [
        "Cold Outreach Scripts",
        linkedinLink(baseURL!, "/cold-outreach", "outreach_scripts", "outreach", term),
      ],
      [
        "Application Tracker",
        linkedinLink(baseURL!, "/application-tracker", "application_tracker", "tracker", term),
      ],
      [
        "Resource Library",
        linkedinLink(baseURL!, "/resource-library", "resources", "general", term),
      ],
      ["Resume Review", linkedinLink(baseURL!, "/resume-review", "resume_review", "review", term)],
      ["Mentorship Application", linkedinLink(baseURL!, "/apply", "application", "general", term)],
    ] as const;
    for (const [label, url] of expected) {
      await expect(page.getByRole("textbox", { name: label, exact: true })).toHaveValue(url);
      expect(new URL(url).searchParams.get("utm_term")).toBe("josé&co+1");
    }
    await expect(page.getByRole("button", { name: /^Copy .* link$/ })).toHaveCount(6);
    await expect(page.getByRole("button", { name: "Copy CTA Block" })).toHaveCount(0);
    await expect(page.getByText("Description call-to-action block")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "LinkedIn message block" })).toBeVisible();
    const message = page.getByRole("textbox", { name: "Paste this into a LinkedIn message" });
    await expect(message).toHaveAttribute("readonly", "");
    await expect(message).toHaveValue(
      [
        MESSAGE_OPENING,
        "",
        "📄 Get our proven resume template:",
        expected[0][1],
        "",
        "✉️ Grab the cold outreach scripts that get replies from finance professionals:",
        expected[1][1],
        "",
        "📊 Track every application with our free spreadsheet:",
        expected[2][1],
        "",
        "📚 Browse our free finance career resource library:",
        expected[3][1],
        "",
        "🔍 Submit your resume for a free review on our next livestream:",
        expected[4][1],
        "",
        "🚀 Apply for the 6-week finance mentorship program:",
        expected[5][1],
        "",
        MESSAGE_CLOSING,
      ].join("\n"),
    );
    await expect(page.getByRole("button", { name: "Copy Message Block" })).toBeVisible();

    // Each press regenerates from the current form.
    await page.getByLabel("Rep code").fill("rep42");
    for (const label of ["Resume Template", "Cold Outreach Scripts", "Application Tracker"]) {
      await page.getByRole("checkbox", { name: label }).uncheck();
    }
    await expect(page.getByRole("textbox", { name: "Resume Template" })).toHaveValue(
      expected[0][1],
    );
    await page.getByRole("button", { name: "Generate Links" }).click();
    await expect(page.locator("li[data-destination]")).toHaveCount(3);
    await expect(page.getByRole("textbox", { name: "Resume Template" })).toHaveCount(0);
    await expect(page.getByRole("textbox", { name: "Resume Review", exact: true })).toHaveValue(
      linkedinLink(baseURL!, "/resume-review", "resume_review", "review", "rep42"),
    );

    // A failed press clears the links.
    await page.getByLabel("Rep code").fill("");
    await page.getByRole("button", { name: "Generate Links" }).click();
    await expect(page.getByRole("alert")).toHaveText(["Please enter a rep code"]);
    await expect(page.locator("li[data-destination]")).toHaveCount(0);
  });

  test("Copy puts the link on the clipboard and says so", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await open(page);
    await page.getByLabel("YouTube video URL or ID").fill(`https://youtu.be/${VIDEO}?si=xyz`);
    await page.getByRole("checkbox", { name: "Resume Review" }).check();
    await page.getByRole("checkbox", { name: "Cold Outreach Scripts" }).check();
    await page.getByRole("button", { name: "Generate Links" }).click();

    await page.getByRole("button", { name: "Copy Resume Review link" }).click();
    const toast = page.locator("[data-toast]").filter({ hasText: "Copied!" });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("Link copied to clipboard");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      youtubeLink(baseURL!, "/resume-review", "resume_review", "review"),
    );

    await page.getByRole("button", { name: "Copy CTA Block" }).click();
    await expect(page.locator("[data-toast]").filter({ hasText: "Copied!" })).not.toHaveCount(0);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      [
        "✉️ Grab the cold outreach scripts that get replies from finance professionals:",
        youtubeLink(baseURL!, "/cold-outreach", "outreach_scripts", "outreach"),
        "",
        "🔍 Submit your resume for a free review on our next livestream:",
        youtubeLink(baseURL!, "/resume-review", "resume_review", "review"),
      ].join("\n"),
    );
  });

  test("Copy Message Block puts the LinkedIn message on the clipboard and says so", async ({
    page,
    context,
    baseURL,
    consoleErrors,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await open(page);
    await page.getByRole("radio", { name: "LinkedIn" }).check();
    await page.getByLabel("Rep code").fill("jane_d");
    await page.getByRole("checkbox", { name: "Mentorship Application" }).check();
    await page.getByRole("button", { name: "Generate Links" }).click();

    await page.getByRole("button", { name: "Copy Message Block" }).click();
    await expect(page.locator("[data-toast]").filter({ hasText: "Copied!" })).toContainText(
      "Link copied to clipboard",
    );
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      [
        MESSAGE_OPENING,
        "",
        "🚀 Apply for the 6-week finance mentorship program:",
        linkedinLink(baseURL!, "/apply", "application", "general", "jane_d"),
        "",
        MESSAGE_CLOSING,
      ].join("\n"),
    );
    await expectNoAxeViolations(page);
    expect(consoleErrors).toEqual([]);
  });

  test("a rep code with a space is refused under the field, and no links are made", async ({
    page,
    baseURL,
    consoleErrors,
  }) => {
    await open(page);
    await page.getByRole("radio", { name: "LinkedIn" }).check();
    const rep = page.getByLabel("Rep code");
    await rep.fill("  jane d ");
    await page.getByRole("checkbox", { name: "Resume Review" }).check();
    await page.getByRole("button", { name: "Generate Links" }).click();

    await expect(page.getByRole("alert")).toHaveText([SPACES]);
    await expect(rep).toHaveAttribute("aria-invalid", "true");
    await expect(rep).toHaveAccessibleDescription(/Use _ or - instead, e\.g\. jane_d\./);
    await expect(rep).toBeFocused();
    await expect(rep).toHaveValue("  jane d ");
    await expect(page.locator("li[data-destination]")).toHaveCount(0);
    await expect(page.locator("[data-block]")).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The message stays while a space is left, and goes once the code is put right.
    await rep.fill("jane d_");
    await expect(page.getByRole("alert")).toHaveText([SPACES]);
    await rep.fill("  jane_d ");
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(rep).not.toHaveAttribute("aria-invalid");
    await page.getByRole("button", { name: "Generate Links" }).click();
    await expect(page.getByText("Links for rep code jane_d")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Resume Review", exact: true })).toHaveValue(
      linkedinLink(baseURL!, "/resume-review", "resume_review", "review", "jane_d"),
    );
    expect(consoleErrors).toEqual([]);
  });

  test("an id that is not a YouTube video id gets a warning, and its links", async ({
    page,
    baseURL,
    consoleErrors,
  }) => {
    await open(page);
    const field = page.getByLabel("YouTube video URL or ID");
    await field.fill(" https://www.youtube.com/watch?v=abc123&t=4 ");
    await page.getByRole("checkbox", { name: "Mentorship Application" }).check();
    await page.getByRole("button", { name: "Generate Links" }).click();

    await expect(page.getByText("Links for video ID abc123")).toBeVisible();
    await expect(
      page.getByRole("textbox", { name: "Mentorship Application", exact: true }),
    ).toHaveValue(
      `${baseURL}/apply?utm_source=youtube&utm_medium=video&utm_campaign=application&utm_content=general&utm_term=yt_abc123&vid=abc123`,
    );
    await expect(page.getByRole("button", { name: "Copy CTA Block" })).toBeVisible();
    const warning = page.locator("[data-warning]");
    await expect(warning).toHaveText(oddIdWarning("abc123"));
    await expect(field).toHaveAccessibleDescription(/does not look like a YouTube video ID/);
    await expect(field).not.toHaveAttribute("aria-invalid");
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The warning is about the links shown: it leaves when the id changes, and a real id has none.
    await field.fill(VIDEO);
    await expect(warning).toHaveCount(0);
    await page.getByRole("button", { name: "Generate Links" }).click();
    await expect(page.getByText(`Links for video ID ${VIDEO}`)).toBeVisible();
    await expect(page.locator("[data-warning]")).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test("Copy falls back to selecting the text when the Clipboard API is missing", async ({
    page,
    baseURL,
  }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "clipboard", { value: undefined, configurable: true });
      const copied: string[] = [];
      (window as unknown as { __copied: string[] }).__copied = copied;
      document.execCommand = (command: string) => {
        if (command !== "copy") return false;
        copied.push(window.getSelection()?.toString() || readSelectedField());
        return true;
      };
      function readSelectedField() {
        const field = document.activeElement as HTMLInputElement | HTMLTextAreaElement | null;
        if (!field || !("value" in field)) return "";
        return field.value.slice(field.selectionStart ?? 0, field.selectionEnd ?? 0);
      }
    });
    await open(page);
    await page.getByRole("radio", { name: "LinkedIn" }).check();
    await page.getByLabel("Rep code").fill("rep42");
    await page.getByRole("checkbox", { name: "Application Tracker" }).check();
    await page.getByRole("button", { name: "Generate Links" }).click();
    const copyButton = page.getByRole("button", { name: "Copy Application Tracker link" });
    await copyButton.click();
    await expect(page.locator("[data-toast]").filter({ hasText: "Copied!" })).toContainText(
      "Link copied to clipboard",
    );
    expect(
      await page.evaluate(() => (window as unknown as { __copied: string[] }).__copied),
    ).toEqual([
      linkedinLink(baseURL!, "/application-tracker", "application_tracker", "tracker", "rep42"),
    ]);
    await expect(copyButton).toBeFocused();
  });

  test("Download QR saves a PNG named after the destination and the id", async ({ page }) => {
    await open(page);
    await page.getByLabel("YouTube video URL or ID").fill(`https://youtu.be/${VIDEO}`);
    await page.getByRole("checkbox", { name: "Application Tracker" }).check();
    await page.getByRole("button", { name: "Generate Links" }).click();
    const qr = page.getByRole("img", { name: "QR code for the Application Tracker link" });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const link = await page
      .getByRole("textbox", { name: "Application Tracker", exact: true })
      .inputValue();

    const download = await downloadQr(page, "Application Tracker");
    expect(download.name).toBe(`qr-application_tracker-${VIDEO}.png`);
    // The very QR code the library makes of the link, so it scans to that link.
    expect(await readQrModules(page, download.png)).toEqual(expectedModules(link));
  });

  test("a rep code's QR file name keeps to safe characters", async ({ page }) => {
    await open(page);
    await page.getByRole("radio", { name: "LinkedIn" }).check();
    await page.getByLabel("Rep code").fill("josé/../&co");
    await page.getByRole("checkbox", { name: "Resume Template" }).check();
    await page.getByRole("button", { name: "Generate Links" }).click();
    const link = await page
      .getByRole("textbox", { name: "Resume Template", exact: true })
      .inputValue();

    const download = await downloadQr(page, "Resume Template");
    expect(download.name).toBe("qr-resume_template-jose-co.png");
    expect(await readQrModules(page, download.png)).toEqual(expectedModules(link));
  });

  test("works on a phone and from the keyboard", async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);

    await page.getByRole("radio", { name: "YouTube" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("radio", { name: "LinkedIn" })).toBeChecked();
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Rep code")).toBeFocused();
    await page.keyboard.type("kb1");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("checkbox", { name: "Resume Template" })).toBeFocused();
    await page.keyboard.press("Space");
    await expect(page.getByRole("checkbox", { name: "Resume Template" })).toBeChecked();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("textbox", { name: "Resume Template", exact: true })).toHaveValue(
      linkedinLink(baseURL!, "/resume-template", "resume_template", "resume", "kb1"),
    );
    const after = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(after).toBeLessThanOrEqual(390);
  });

  test("has no axe violations before and after generating", async ({ page }) => {
    await open(page);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Generate Links" }).click();
    await expect(page.getByRole("alert")).toHaveCount(2);
    await expectNoAxeViolations(page);
    await page.getByLabel("YouTube video URL or ID").fill(VIDEO);
    await page.getByRole("checkbox", { name: "Resume Template" }).check();
    await page.getByRole("button", { name: "Generate Links" }).click();
    await expect(page.getByRole("img", { name: /QR code/ })).toHaveCount(1);
    await expectNoAxeViolations(page);
  });

  test("switching platform clears links made for the other one", async ({ page }) => {
    await open(page);
    await page.getByLabel("YouTube video URL or ID").fill("dQw4w9WgXcQ");
    await page.getByRole("checkbox", { name: "Resume Template" }).check();
    await page.getByRole("button", { name: "Generate Links" }).click();
    await expect(page.getByRole("button", { name: "Copy CTA Block" })).toBeVisible();
    await page.getByRole("radio", { name: "LinkedIn" }).check();
    await expect(page.getByRole("button", { name: "Copy CTA Block" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Copy/ })).toHaveCount(0);
  });

  test("a shared URL opens with the form filled in and its links", async ({
    page,
    context,
    baseURL,
    consoleErrors,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const query = new URLSearchParams([
      ["platform", "youtube"],
      ["video", `https://youtu.be/${VIDEO}?si=xyz`],
      ["destinations", "application"],
      ["destinations", "resume_template"],
    ]);
    await page.goto(`/link-generator?${query.toString()}`);
    await expect(page.locator("form[data-hydrated='true']")).toBeAttached();

    await expect(page.getByRole("radio", { name: "YouTube" })).toBeChecked();
    await expect(page.getByLabel("YouTube video URL or ID")).toHaveValue(
      `https://youtu.be/${VIDEO}?si=xyz`,
    );
    await expect(page.getByRole("checkbox", { name: "Resume Template" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Mentorship Application" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Resume Review" })).not.toBeChecked();
    await expect(page.getByText(`Links for video ID ${VIDEO}`)).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Resume Template", exact: true })).toHaveValue(
      youtubeLink(baseURL!, "/resume-template", "resume_template", "resume"),
    );
    await expect(
      page.getByRole("textbox", { name: "Mentorship Application", exact: true }),
    ).toHaveValue(youtubeLink(baseURL!, "/apply", "application", "general"));
    await expect(
      page.getByRole("textbox", { name: "Paste this into the YouTube video description" }),
    ).toHaveValue(/^📄 Get our proven resume template:\n/);
    await expect(page.getByRole("img", { name: /QR code for the/ })).toHaveCount(2);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Copy Mentorship Application link" }).click();
    await expect(page.locator("[data-toast]").filter({ hasText: "Copied!" })).toContainText(
      "Link copied to clipboard",
    );
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      youtubeLink(baseURL!, "/apply", "application", "general"),
    );
    expect(consoleErrors).toEqual([]);
  });
});

test.describe("link generator without JavaScript", () => {
  // axe runs in the page, so these pages' markup is checked by the tests above, with the script.
  test.use({ javaScriptEnabled: false });

  test("the GET form shows the links, at a URL that can be shared", async ({
    page,
    baseURL,
    consoleErrors,
  }) => {
    await page.goto("/link-generator");
    await page.getByRole("radio", { name: "LinkedIn" }).check();
    // CSS shows the ticked platform's field: nothing runs in the page.
    await expect(page.getByLabel("Rep code")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "YouTube video URL or ID" })).toHaveCount(0);
    await page.getByLabel("Rep code").fill(" rep42 ");
    await page.getByRole("checkbox", { name: "Resume Review" }).check();
    await page.getByRole("checkbox", { name: "Resume Template" }).check();
    await page.getByRole("button", { name: "Generate Links" }).click();

    await expect(page.getByText("Links for rep code rep42")).toBeVisible();
    const query = new URL(page.url()).searchParams;
    expect(new URL(page.url()).pathname).toBe("/link-generator");
    expect(query.get("platform")).toBe("linkedin");
    expect(query.get("rep")).toBe(" rep42 ");
    expect(query.getAll("destinations")).toEqual(["resume_template", "resume_review"]);
    await expect(page.locator("li[data-destination]")).toHaveCount(2);
    await expect(page.getByRole("textbox", { name: "Resume Template", exact: true })).toHaveValue(
      linkedinLink(baseURL!, "/resume-template", "resume_template", "resume", "rep42"),
    );
    await expect(page.getByRole("textbox", { name: "Resume Review", exact: true })).toHaveValue(
      linkedinLink(baseURL!, "/resume-review", "resume_review", "review", "rep42"),
    );
    await expect(page.getByRole("textbox", { name: "Resume Review", exact: true })).toHaveAttribute(
      "readonly",
      "",
    );
    await expect(page.getByText("Description call-to-action block")).toHaveCount(0);

    // The form comes back as it was sent, ready for the next press.
    await expect(page.getByRole("radio", { name: "LinkedIn" })).toBeChecked();
    await expect(page.getByLabel("Rep code")).toHaveValue(" rep42 ");
    await expect(page.getByRole("checkbox", { name: "Resume Review" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Application Tracker" })).not.toBeChecked();

    // Copy and the QR codes need the browser's script; the read-only fields can be selected.
    await expect(page.getByRole("button", { name: /^Copy/ })).toHaveCount(0);
    await expect(page.getByRole("img", { name: /QR code/ })).toHaveCount(0);
    await expect(page.getByText("Making QR code…")).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test("YouTube: a pasted URL gives the links and the CTA block", async ({ page, baseURL }) => {
    await page.goto("/link-generator");
    await page
      .getByLabel("YouTube video URL or ID")
      .fill(`https://www.youtube.com/shorts/${VIDEO}?feature=share`);
    await page.getByRole("checkbox", { name: "Application Tracker" }).check();
    await page.getByRole("checkbox", { name: "Mentorship Application" }).check();
    await page.getByRole("button", { name: "Generate Links" }).click();

    await expect(page.getByText(`Links for video ID ${VIDEO}`)).toBeVisible();
    expect(new URL(page.url()).searchParams.get("platform")).toBe("youtube");
    const tracker = youtubeLink(baseURL!, "/application-tracker", "application_tracker", "tracker");
    const apply = youtubeLink(baseURL!, "/apply", "application", "general");
    await expect(
      page.getByRole("textbox", { name: "Application Tracker", exact: true }),
    ).toHaveValue(tracker);
    await expect(
      page.getByRole("textbox", { name: "Paste this into the YouTube video description" }),
    ).toHaveValue(
      [
        "📊 Track every application with our free spreadsheet:",
        tracker,
        "",
        "🚀 Apply for the 6-week finance mentorship program:",
        apply,
      ].join("\n"),
    );
    await expect(page.getByRole("button", { name: "Copy CTA Block" })).toHaveCount(0);
  });

  test("a rep code with a space is refused by the server, under the field", async ({
    page,
    baseURL,
  }) => {
    await page.goto("/link-generator");
    await page.getByRole("radio", { name: "LinkedIn" }).check();
    await page.getByLabel("Rep code").fill(" jane d ");
    await page.getByRole("checkbox", { name: "Application Tracker" }).check();
    await page.getByRole("button", { name: "Generate Links" }).click();

    expect(new URL(page.url()).searchParams.get("rep")).toBe(" jane d ");
    await expect(page.getByRole("alert")).toHaveText([SPACES]);
    const rep = page.getByLabel("Rep code");
    await expect(rep).toHaveAttribute("aria-invalid", "true");
    await expect(rep).toHaveAccessibleDescription(/cannot contain spaces/);
    await expect(rep).toHaveValue(" jane d ");
    await expect(page.getByRole("checkbox", { name: "Application Tracker" })).toBeChecked();
    await expect(page.locator("li[data-destination]")).toHaveCount(0);
    await expect(page.locator("[data-block]")).toHaveCount(0);

    await rep.fill(" jane_d ");
    await page.getByRole("button", { name: "Generate Links" }).click();
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(
      page.getByRole("textbox", { name: "Application Tracker", exact: true }),
    ).toHaveValue(
      linkedinLink(baseURL!, "/application-tracker", "application_tracker", "tracker", "jane_d"),
    );
    await expect(
      page.getByRole("textbox", { name: "Paste this into a LinkedIn message" }),
    ).toHaveValue(
      [
        MESSAGE_OPENING,
        "",
        "📊 Track every application with our free spreadsheet:",
        linkedinLink(baseURL!, "/application-tracker", "application_tracker", "tracker", "jane_d"),
        "",
        MESSAGE_CLOSING,
      ].join("\n"),
    );
    await expect(page.getByRole("button", { name: "Copy Message Block" })).toHaveCount(0);
  });

  test("an odd YouTube id gets the warning and its links", async ({ page, baseURL }) => {
    await page.goto("/link-generator");
    const field = page.getByLabel("YouTube video URL or ID");
    await field.fill("my video");
    await page.getByRole("checkbox", { name: "Resume Review" }).check();
    await page.getByRole("button", { name: "Generate Links" }).click();

    await expect(page.locator("[data-warning]")).toHaveText(oddIdWarning("my video"));
    await expect(field).toHaveAccessibleDescription(/does not look like a YouTube video ID/);
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page.getByRole("textbox", { name: "Resume Review", exact: true })).toHaveValue(
      `${baseURL}/resume-review?utm_source=youtube&utm_medium=video&utm_campaign=resume_review&utm_content=review&utm_term=yt_my+video&vid=my+video`,
    );
  });

  test("bad input gives the same messages under the fields, and no links", async ({ page }) => {
    await page.goto("/link-generator");
    await page.getByRole("button", { name: "Generate Links" }).click();
    await expect(page).toHaveURL(/\/link-generator\?platform=youtube/);
    await expect(page.getByRole("alert")).toHaveText([
      "Please enter a video ID",
      "Please select at least one destination",
    ]);
    const idField = page.getByLabel("YouTube video URL or ID");
    await expect(idField).toHaveAttribute("aria-invalid", "true");
    await expect(idField).toHaveAccessibleDescription(/Please enter a video ID/);
    await expect(page.getByRole("group", { name: "Destinations" })).toHaveAccessibleDescription(
      /Please select at least one destination/,
    );

    await page.getByRole("radio", { name: "LinkedIn" }).check();
    await page.getByLabel("Rep code").fill("   ");
    await page.getByRole("checkbox", { name: "Resume Template" }).check();
    await page.getByRole("button", { name: "Generate Links" }).click();
    await expect(page.getByRole("alert")).toHaveText(["Please enter a rep code"]);
    await expect(page.getByLabel("Rep code")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("checkbox", { name: "Resume Template" })).toBeChecked();
    await expect(page.locator("li[data-destination]")).toHaveCount(0);
  });
});
