import { describe, expect, it } from "vitest";
import {
  callAction,
  flashToastOf,
  formRequest,
  makeContext,
  unwrap,
} from "../../../../tests/support/context";
import { testEngines } from "../../../../tests/support/databases";
import { leadAnswers } from "../../../../tests/support/lead-pages";
import { useOwnerConsole } from "../../../../tests/support/owner-console";
import { sequenceStepConsole as t } from "~/features/marketing/broadcasts.words";
import { validation } from "~/content/forms";
import { nurtureSequences } from "~/features/marketing/nurture.words";
import { DAY_MS } from "~/features/marketing/marketing";
import { MAX_STEP_BODY } from "~/features/marketing/sequence-copy";
import { runSequences } from "~/features/marketing/sequences.server";
import { action as leadPageAction } from "~/features/leads/routes/lead-page";
import { action as stepAction, loader as stepLoader } from "./sequence-step";
import { loader as sequencesLoader } from "./sequences";

const [first, second] = nurtureSequences.resume.steps;
const NEW_SUBJECT = "Your bullets, fixed in ten minutes";
const NEW_BODY = "One new paragraph.\r\nWith a line break.\r\n\r\nA second <b>one</b>.";

interface StepPage {
  preview: { subject: string; preheader: string | null; text: string };
  form: { subject: string; body: string };
  edited: boolean;
}

interface Refusal {
  result: { status: string; error: Record<string, string[]> };
  toast: { description: string };
}

describe.each(testEngines())("editing a sequence email from the console, on $name", (engine) => {
  const owner = useOwnerConsole(engine);
  const { clock, post, get } = owner;
  const services = () => owner.t.services;
  const db = () => services().db;
  const started = () => new Date("2026-11-22T12:00:00Z");
  /** The day of the sequence, a minute past the moment its step is due. */
  const day = (days: number) => new Date(started().getTime() + days * DAY_MS + 60_000);

  const path = (step: number) => `/admin/sequences/resume/${step}`;
  const postStep = (step: number, fields: Record<string, string>) =>
    post(stepAction, path(step), fields, { sequence: "resume", step: String(step) });
  const page = async (step: number) =>
    (await get(stepLoader, path(step), { sequence: "resume", step: String(step) }))
      .body as StepPage;
  const stored = () => db().selectFrom("sequence_step_copy").selectAll().execute();
  const audits = async () =>
    (await db().selectFrom("audit_log").select(["action", "details"]).execute()).filter((row) =>
      row.action.startsWith("sequence."),
    );
  const nurture = () =>
    db()
      .selectFrom("outbox")
      .select(["kind", "subject", "text", "html"])
      .where("kind", "like", "nurture:%")
      .orderBy("created_at")
      .execute();

  /** A lead who ticked "career tips" on the Resume Template: their sequence starts now. */
  async function lead(email: string) {
    const fields = { ...leadAnswers, email, consentShown: "opt-in", marketingConsent: "yes" };
    const result = await unwrap(
      await callAction(
        leadPageAction,
        formRequest("/resume-template", fields),
        makeContext(services(), { visitorId: email, ip: "10.7.0.1" }),
      ),
    );
    expect(result.status).toBe(303);
  }

  it("an edit is previewed, and the next email queued uses it; one already queued keeps its words", async () => {
    await lead("ada@example.com");
    clock.set(day(2));
    expect((await runSequences(services())).queued).toBe(1);

    const before = await page(2);
    expect(before.edited).toBe(false);
    expect(before.preview.subject).toBe(second!.copy.subject);
    expect(before.preview.preheader).toBe(second!.copy.preheader);
    expect(before.form.body).toBe(second!.copy.paragraphs.join("\n\n"));

    for (const step of [1, 2]) {
      const saved = await postStep(step, { intent: "save", subject: NEW_SUBJECT, body: NEW_BODY });
      expect(saved.status).toBe(303);
      expect(saved.headers.get("location")).toBe(path(step));
      expect((await flashToastOf(saved, services()))?.title).toBe(t.saved);
    }
    const after = await page(2);
    expect(after.edited).toBe(true);
    expect(after.form).toEqual({
      subject: NEW_SUBJECT,
      body: "One new paragraph.\nWith a line break.\n\nA second <b>one</b>.",
    });
    expect(after.preview.subject).toBe(NEW_SUBJECT);
    // A rewritten body has no preheader: the old one would promise what the email no longer says.
    expect(after.preview.preheader).toBeNull();
    expect(after.preview.text).toContain(
      `Hi ${t.previewName},\n\nOne new paragraph.\nWith a line break.\n\nA second <b>one</b>.\n\nApply for the next cohort: http://`,
    );
    expect(after.preview.text).toContain("/unsubscribe/preview");
    expect(after.preview.text).not.toContain(second!.copy.paragraphs[0]);
    const list = (await get(sequencesLoader, "/admin/sequences")).body as {
      sequences: { key: string; steps: { subject: string; edited: boolean }[] }[];
    };
    const resume = list.sequences.find((sequence) => sequence.key === "resume")!;
    expect(resume.steps.map((step) => [step.subject, step.edited])).toEqual([
      [NEW_SUBJECT, true],
      [NEW_SUBJECT, true],
      [nurtureSequences.resume.steps[2]!.copy.subject, false],
    ]);
    expect(await audits()).toEqual([
      { action: "sequence.edit", details: expect.stringContaining('"step":1') },
      { action: "sequence.edit", details: expect.stringContaining('"step":2') },
    ]);

    clock.set(day(5));
    expect((await runSequences(services())).queued).toBe(1);
    const [queuedBefore, queuedAfter] = await nurture();
    // Queued before the edit: the site's words, as queued.
    expect(queuedBefore).toMatchObject({ kind: "nurture:resume:1", subject: first!.copy.subject });
    expect(queuedBefore!.text).toContain(first!.copy.paragraphs[0]);
    // Queued after it: the owner's words, the person's name, their own unsubscribe link.
    expect(queuedAfter).toMatchObject({ kind: "nurture:resume:2", subject: NEW_SUBJECT });
    expect(queuedAfter!.text).toContain(
      "Hi Ada,\n\nOne new paragraph.\nWith a line break.\n\nA second <b>one</b>.",
    );
    expect(queuedAfter!.text).not.toContain(second!.copy.paragraphs[0]);
    expect(queuedAfter!.text).toContain("/apply?utm_source=email");
    expect(queuedAfter!.html).toContain("A second &lt;b&gt;one&lt;/b&gt;.");
    expect(queuedAfter!.html).not.toContain(second!.copy.preheader);
  });

  it("'Reset to the default' forgets the edit: previewed and queued with the site's words again", async () => {
    await lead("bo@example.com");
    await postStep(1, { intent: "save", subject: NEW_SUBJECT, body: NEW_BODY });
    expect(await stored()).toHaveLength(1);

    const reset = await postStep(1, { intent: "reset" });
    expect(reset.status).toBe(303);
    expect((await flashToastOf(reset, services()))?.title).toBe(t.resetDone);
    expect(await stored()).toEqual([]);
    expect((await audits()).map((row) => row.action)).toEqual(["sequence.edit", "sequence.reset"]);
    const shown = await page(1);
    expect(shown.edited).toBe(false);
    expect(shown.preview.subject).toBe(first!.copy.subject);
    expect(shown.preview.preheader).toBe(first!.copy.preheader);
    expect(shown.form.body).toBe(first!.copy.paragraphs.join("\n\n"));

    clock.set(day(2));
    await runSequences(services());
    const [queued] = await nurture();
    expect(queued).toMatchObject({ kind: "nurture:resume:1", subject: first!.copy.subject });
    expect(queued!.text).toContain(first!.copy.paragraphs[0]);
    expect(queued!.text).not.toContain("One new paragraph.");
  });

  it("saving the site's own words stores no edit", async () => {
    await postStep(1, { intent: "save", subject: NEW_SUBJECT, body: NEW_BODY });
    const defaults = {
      subject: first!.copy.subject,
      body: first!.copy.paragraphs.join("\r\n\r\n"),
    };
    expect((await postStep(1, { intent: "save", ...defaults })).status).toBe(303);
    expect(await stored()).toEqual([]);
    expect((await page(1)).edited).toBe(false);
  });

  it("refuses an empty or overlong subject or body: 400, the field's message, nothing changed", async () => {
    await postStep(2, { intent: "save", subject: NEW_SUBJECT, body: NEW_BODY });
    const snapshot = async () => JSON.stringify([await stored(), await audits()]);
    const cases: [Record<string, string>, string, string][] = [
      [{ subject: "   ", body: NEW_BODY }, "subject", t.subjectRequired],
      [{ subject: "x".repeat(151), body: NEW_BODY }, "subject", validation.tooLong(150)],
      [{ subject: NEW_SUBJECT, body: "\r\n\r\n" }, "body", t.bodyRequired],
      [
        { subject: NEW_SUBJECT, body: "x".repeat(MAX_STEP_BODY + 1) },
        "body",
        validation.tooLong(MAX_STEP_BODY),
      ],
    ];
    for (const [fields, field, message] of cases) {
      const before = await snapshot();
      const refused = await postStep(2, { intent: "save", ...fields });
      expect(refused.status).toBe(400);
      const body = refused.body as Refusal;
      expect(body.result.error[field]).toEqual([message]);
      expect(body.toast.description).toBe(message);
      expect(await snapshot()).toBe(before);
    }
    expect((await page(2)).preview.subject).toBe(NEW_SUBJECT);
  });

  it("answers 404 for a sequence or step that does not exist, and stores nothing", async () => {
    for (const [sequence, step] of [
      ["resume", "4"],
      ["resume", "0"],
      ["nope", "1"],
    ] as const) {
      const params = { sequence, step };
      const url = `/admin/sequences/${sequence}/${step}`;
      const fields = { intent: "save", subject: NEW_SUBJECT, body: NEW_BODY };
      const answer = await post(stepAction, url, fields, params).catch(unwrap);
      expect(answer.status).toBe(404);
      expect((await get(stepLoader, url, params).catch(unwrap)).status).toBe(404);
    }
    expect(await stored()).toEqual([]);
  });
});
