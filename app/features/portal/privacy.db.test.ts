import { describe, expect, it } from "vitest";
import { browserCookies, ownerCookie, settle } from "../../../tests/support/admin";
import { seatScenario } from "../../../tests/support/cohort";
import { callAction, formRequest, makeContext, unwrap } from "../../../tests/support/context";
import { testEngines } from "../../../tests/support/databases";
import { fromApplication } from "../../../tests/support/outcome-moves";
import { reviewUploadRow } from "../../../tests/support/rows";
import { deliveredSignInToken } from "../../../tests/support/portal";
import * as home from "~/features/portal/routes/home";
import * as login from "~/features/portal/routes/login";
import { action as personAction } from "~/features/people/routes/person";
import { erasePerson, ERASED, exportPerson } from "~/features/people/privacy.server";
import { loader as exportLoader } from "~/features/people/routes/person-export";

// The privacy export and erasure (the owner's person page) cover what the portal holds.
describe.each(testEngines())("portal data in the privacy export and erasure on $name", (engine) => {
  const s = seatScenario(engine);
  const count = async (table: "student_profiles" | "portal_sessions" | "portal_links") =>
    (await s.db().selectFrom(table).selectAll().execute()).length;

  /** A student with a paid seat who signed in to the portal and filled in a profile. */
  async function signedInStudent(email: string) {
    const id = await s.person(email);
    await s.pay(id, email);
    await settle(
      callAction(
        home.action,
        formRequest("/portal", { intent: "send_link", email }),
        makeContext(s.services()),
      ),
    );
    const token = await deliveredSignInToken(s.services(), email);
    const used = await unwrap(
      await settle(
        callAction(
          login.action,
          formRequest(`/portal/login/${token}`, {}),
          makeContext(s.services()),
          { token },
        ),
      ),
    );
    const now = s.clock.now().toISOString();
    const resume = `resume-${id}`;
    await s
      .db()
      .insertInto("uploads")
      .values(reviewUploadRow(resume, id, `${id}.docx`, now))
      .execute();
    // A second link, asked for and not used (a sign-in ends the links before it).
    await settle(
      callAction(
        home.action,
        formRequest("/portal", { intent: "send_link", email }),
        makeContext(s.services()),
      ),
    );
    await deliveredSignInToken(s.services(), email);
    // Signing in made the profile; the student fills it in.
    await s
      .db()
      .updateTable("student_profiles")
      .set({
        time_zone: "America/Chicago",
        target_roles: JSON.stringify(["banking"]),
        target_firms: "Lazard, Evercore",
        linkedin_url: "https://www.linkedin.com/in/ada-example",
        resume_upload_id: resume,
        graduation_year: "2027",
        updated_at: now,
      })
      .where("person_id", "=", id)
      .execute();
    return { id, token, cookie: browserCookies(used.headers) };
  }

  it("exports the profile, the seat's mentor and sign-in times, never a token or its hash", async () => {
    const ada = await signedInStudent("ada@example.com");
    const cookie = await ownerCookie({ services: s.services(), config: s.services().config });
    const response = await unwrap(
      await settle(
        callAction(
          exportLoader,
          new Request(`http://localhost:3000/admin/people/${ada.id}/export`, {
            headers: { cookie },
          }),
          makeContext(s.services()),
          { id: ada.id },
        ),
      ),
    );
    expect(response.status).toBe(200);
    const exported = response.body as {
      portal: {
        profile: Record<string, unknown>;
        seats: unknown[];
        sessions: Record<string, unknown>[];
        signInLinks: Record<string, unknown>[];
      };
    };
    expect(exported.portal.profile).toMatchObject({
      time_zone: "America/Chicago",
      target_roles: ["banking"],
      target_firms: "Lazard, Evercore",
      linkedin_url: "https://www.linkedin.com/in/ada-example",
      resume_upload_id: `resume-${ada.id}`,
    });
    expect(exported.portal.seats).toEqual([
      { cohort_id: await s.cohortId(), status: "paid", mentor: null },
    ]);
    expect(exported.portal.sessions).toHaveLength(1);
    expect(Object.keys(exported.portal.sessions[0]!).sort()).toEqual([
      "created_at",
      "expires_at",
      "role",
    ]);
    expect(exported.portal.signInLinks).toHaveLength(1);
    expect(exported.portal.signInLinks[0]!.used_at).toBeNull();
    const dump = JSON.stringify(exported);
    const hashes = [
      ...(await s.db().selectFrom("portal_sessions").select("id").execute()).map((r) => r.id),
      ...(await s.db().selectFrom("portal_links").select("token_hash").execute()).map(
        (r) => r.token_hash,
      ),
    ];
    for (const secret of [ada.token, ...hashes]) expect(dump).not.toContain(secret);
  });

  it("erases the profile, its resume, the sessions and the sign-in links, and no one else's", async () => {
    const ada = await signedInStudent("ada@example.com");
    const bo = await signedInStudent("bo@example.com");
    expect([
      await count("student_profiles"),
      await count("portal_sessions"),
      await count("portal_links"),
    ]).toEqual([2, 2, 2]);
    const cookie = await ownerCookie({ services: s.services(), config: s.services().config });
    const erased = await unwrap(
      await settle(
        callAction(
          personAction,
          formRequest(`/admin/people/${ada.id}`, { intent: "erase", confirm: "ERASE" }, { cookie }),
          makeContext(s.services()),
          { id: ada.id },
        ),
      ),
    );
    expect(erased.status).toBe(303);
    const left = (table: "student_profiles" | "portal_sessions") =>
      s.db().selectFrom(table).select("person_id").execute();
    expect(await left("student_profiles")).toEqual([{ person_id: bo.id }]);
    expect(await left("portal_sessions")).toEqual([{ person_id: bo.id }]);
    expect(await s.db().selectFrom("portal_links").select("email").execute()).toEqual([
      { email: "bo@example.com" },
    ]);
    expect(
      await s
        .db()
        .selectFrom("uploads")
        .select("id")
        .where("id", "=", `resume-${ada.id}`)
        .execute(),
    ).toEqual([]);
    // Signed out everywhere: the old cookie opens the sign-in page, not the student's home.
    const page = await unwrap(
      await settle(
        callAction(
          home.loader,
          new Request("http://localhost:3000/portal", { headers: { cookie: ada.cookie } }),
          makeContext(s.services()),
          {},
        ),
      ),
    );
    expect(page.body).toMatchObject({ view: "sign_in" });
  });

  /** A paid student's programme record in their own words: a request to leave, an interview, an offer. */
  async function programmeRecord(email: string, words: string) {
    const id = await s.person(email);
    await s.pay(id, email);
    const cohortId = await s.cohortId();
    const at = s.clock.now().toISOString();
    const payment = await s
      .db()
      .selectFrom("payments")
      .select("id")
      .where("person_id", "=", id)
      .executeTakeFirstOrThrow();
    await s
      .db()
      .insertInto("withdrawals")
      .values({
        id: `w-${id}`,
        person_id: id,
        cohort_id: cohortId,
        payment_id: payment.id,
        kind: "leave",
        reason: `${words} reason`,
        rule: "owner_decides",
        status: "declined",
        requested_at: at,
        decided_at: at,
        decided_by_id: null,
        decision_note: `${words} note`,
        refund_cents: null,
      })
      .execute();
    await s
      .db()
      .insertInto("interviews")
      .values({
        id: `i-${id}`,
        person_id: id,
        cohort_id: cohortId,
        firm: `${words} Firm`,
        role: `${words} role`,
        interview_date: "2026-11-20",
        created_at: at,
        updated_at: at,
        ...(await fromApplication(s.db(), id, "interview", at)),
      })
      .execute();
    await s
      .db()
      .insertInto("offers")
      .values({
        id: `o-${id}`,
        person_id: id,
        cohort_id: cohortId,
        firm: `${words} Firm`,
        role: `${words} role`,
        track: "other",
        kind: "internship",
        start_date: null,
        compensation: `${words} pay`,
        reported_at: at,
        confirmed_at: null,
        confirmed_by: null,
        confirmed_by_id: null,
        ...(await fromApplication(s.db(), id, "offer", at)),
      })
      .execute();
    return id;
  }

  it("exports the words of requests to leave, interviews and offers, and erasure removes them", async () => {
    const ada = await programmeRecord("ada@example.com", "Adawords");
    const bo = await programmeRecord("bo@example.com", "Bowords");
    const exported = await exportPerson(s.db(), ada, "owner@example.com", s.clock.now());
    expect(exported!.portal.requestsToLeave).toEqual([
      expect.objectContaining({ reason: "Adawords reason", decision_note: "Adawords note" }),
    ]);
    expect(exported!.portal.interviews).toEqual([
      expect.objectContaining({ firm: "Adawords Firm", role: "Adawords role" }),
    ]);
    expect(exported!.portal.offers).toEqual([
      expect.objectContaining({
        firm: "Adawords Firm",
        role: "Adawords role",
        compensation: "Adawords pay",
      }),
    ]);
    expect(JSON.stringify(exported)).not.toContain("Bowords");

    expect(await erasePerson(s.db(), ada, "owner@example.com", s.clock.now())).toBe(true);
    const rows = async (personId: string) =>
      JSON.stringify(
        await Promise.all(
          (["withdrawals", "interviews", "offers"] as const).map((table) =>
            s.db().selectFrom(table).selectAll().where("person_id", "=", personId).execute(),
          ),
        ),
      );
    // The rows stay (the counts); their words go. Bo's are untouched.
    expect(await rows(ada)).not.toContain("Adawords");
    expect(
      await s.db().selectFrom("withdrawals").selectAll().where("person_id", "=", ada).execute(),
    ).toEqual([
      expect.objectContaining({ reason: ERASED, decision_note: null, status: "declined" }),
    ]);
    expect(
      await s.db().selectFrom("offers").selectAll().where("person_id", "=", ada).execute(),
    ).toEqual([expect.objectContaining({ firm: ERASED, role: ERASED, compensation: null })]);
    expect(await rows(bo)).toContain("Bowords reason");
    expect(await rows(bo)).toContain("Bowords pay");
  });
});
