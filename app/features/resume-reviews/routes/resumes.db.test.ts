import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { calendarProperties } from "../../../../tests/support/calendar";
import { callAction, flashToastOf, makeContext } from "../../../../tests/support/context";
import { testEngines } from "../../../../tests/support/databases";
import { useOwnerConsole } from "../../../../tests/support/owner-console";
import { reviewUploadRow } from "../../../../tests/support/rows";
import { upsertPerson } from "~/features/people/people.server";
import Resumes, { action, loader } from "./resumes";

describe.each(testEngines())("the resumes page's review actions on $name", (engine) => {
  const owner = useOwnerConsole(engine, {
    async seed(t) {
      const person = await t.services.db.transaction().execute((trx) =>
        upsertPerson(
          trx,
          {
            email: "ann@example.com",
            firstName: "Ann",
            lastName: "Lee",
            university: "State",
            graduationYear: "2027",
          },
          null,
          t.services.clock.now().toISOString(),
        ),
      );
      await t.services.db
        .insertInto("uploads")
        .values(reviewUploadRow("up1", person.id, "ann.docx", t.services.clock.now().toISOString()))
        .execute();
    },
  });
  const services = () => owner.t.services;
  const cookie = () => owner.cookie;
  const post = (fields: Record<string, string>) =>
    owner.post(action, "/admin/resumes?status=scheduled", fields);
  const page = async (status: string) => {
    const request = new Request(`http://localhost:3000/admin/resumes?status=${status}`, {
      headers: { cookie: cookie() },
    });
    const loaderData = await callAction(loader, request, makeContext(services()));
    const Stub = createRoutesStub([{ id: "resumes", path: "/admin/resumes", Component: Resumes }]);
    return renderToString(
      createElement(Stub, {
        initialEntries: [`/admin/resumes?status=${status}`],
        hydrationData: { loaderData: { resumes: loaderData } },
      }),
    );
  };

  it("cancels a scheduled review from a plain form: back to waiting, the invite cancelled", async () => {
    const scheduled = await post({ intent: "schedule", id: "up1", date: "2026-12-03" });
    expect(scheduled.status).toBe(303);

    // The scheduled tab offers the cancel button as a form that posts without JavaScript.
    const html = await page("scheduled");
    const form = html
      .split("<form")
      .map((part) => `<form${part.slice(0, part.indexOf("</form>"))}`)
      .find((part) => part.includes('value="cancel"'));
    expect(form).toMatch(/^<form[^>]* action="\/admin\/resumes\?status=scheduled" method="post">/);
    expect(form).toContain('<input type="hidden" name="intent" value="cancel"/>');
    expect(form).toContain('<input type="hidden" name="id" value="up1"/>');
    expect(form).toMatch(/<button[^>]*type="submit"[^>]*>Cancel the review<\/button>/);
    expect(await page("waiting")).not.toContain("Cancel the review");

    const cancelled = await post({ intent: "cancel", id: "up1" });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get("location")).toBe("/admin/resumes?status=scheduled");
    expect(await flashToastOf(cancelled, services())).toEqual({
      title: "Review canceled and the person emailed.",
      variant: "success",
    });
    const upload = await services()
      .db.selectFrom("uploads")
      .select(["review_status", "scheduled_for"])
      .where("id", "=", "up1")
      .executeTakeFirstOrThrow();
    expect(upload).toEqual({ review_status: "waiting", scheduled_for: null });
    const email = await services()
      .db.selectFrom("outbox")
      .selectAll()
      .where("kind", "=", "resume_review_cancelled")
      .executeTakeFirstOrThrow();
    expect(email.to_address).toBe("ann@example.com");
    expect(calendarProperties(email.calendar ?? "")).toMatchObject({
      METHOD: "CANCEL",
      UID: "resume-review-up1@fromscratchtosuccess.com",
      SEQUENCE: "1",
      STATUS: "CANCELLED",
    });
    const audit = await services()
      .db.selectFrom("audit_log")
      .select(["actor", "action"])
      .orderBy("id")
      .execute();
    expect(audit).toEqual([
      { actor: "boss@example.com", action: "resume.schedule" },
      { actor: "boss@example.com", action: "resume.cancel" },
    ]);

    // Once more: nothing is scheduled, so nothing changes and the owner is told.
    const again = await post({ intent: "cancel", id: "up1" });
    expect(again.status).toBe(400);
    expect((again.body as { toast: { description: string } }).toast.description).toBe(
      "This review is not scheduled.",
    );
    expect(
      await services()
        .db.selectFrom("outbox")
        .select("kind")
        .where("kind", "like", "resume_review_%")
        .execute(),
    ).toHaveLength(2);
  });
});
