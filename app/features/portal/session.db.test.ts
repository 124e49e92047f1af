import { describe, expect, it } from "vitest";
import { seatScenario } from "../../../tests/support/cohort";
import { callAction, formRequest, makeContext, unwrap } from "../../../tests/support/context";
import { browserCookies, settle } from "../../../tests/support/admin";
import { testEngines } from "../../../tests/support/databases";
import * as home from "~/features/portal/routes/home";
import * as login from "~/features/portal/routes/login";
import { refundEnrollment } from "~/features/enrollment/refunds.server";
import { PORTAL_LINK_TTL_MS } from "./portal";
import { localMailboxDir } from "~/mail/transport.server";
import { mailboxCopy } from "../../../tests/support/mailbox";
import { ownerCookie } from "../../../tests/support/admin";
import { flashToastOf } from "../../../tests/support/context";
import { mentorCookie, mentorFixture, signedInMentor } from "../../../tests/support/mentors";
import { paidStudent, portalCookie } from "../../../tests/support/portal";
import { consoleText } from "~/content/console";
import * as mentorsRoute from "~/features/mentors/routes/mentors";
import * as personRoute from "~/features/people/routes/person";
import type { PortalUser } from "./portal-users.server";

describe.each(testEngines())("portal sign-in on $name", (engine) => {
  const s = seatScenario(engine);

  /** The sign-in emails, delivered: each with the link as it went (read from the mailbox). */
  const signInEmails = async () => {
    await s.services().mailWorker.runOnce();
    const rows = await s
      .db()
      .selectFrom("outbox")
      .select(["id", "to_address", "text", "status"])
      .where("kind", "=", "portal_sign_in")
      .orderBy("created_at")
      .execute();
    const dir = localMailboxDir(s.services().config)!;
    return rows.map((row) => ({ ...row, sent: mailboxCopy(dir, row.id) }));
  };
  const tokenOf = (text: string) => /\/portal\/login\/([\w-]{43})/.exec(text)![1]!;

  async function askForLink(email: string, ip = "10.0.0.1") {
    const context = makeContext(s.services(), { ip });
    return unwrap(
      await settle(
        callAction(home.action, formRequest("/portal", { intent: "send_link", email }), context),
      ),
    );
  }

  async function useLink(token: string, cookie = "") {
    const request = formRequest(`/portal/login/${token}`, {}, cookie ? { cookie } : {});
    return unwrap(
      await settle(callAction(login.action, request, makeContext(s.services()), { token })),
    );
  }

  async function homeFor(cookie: string) {
    const request = new Request("http://localhost:3000/portal", { headers: { cookie } });
    return unwrap(await settle(callAction(home.loader, request, makeContext(s.services()), {})));
  }

  it("emails a student with a paid seat a link that signs in once", async () => {
    const id = await s.person("ada@example.com");
    expect((await s.pay(id, "ada@example.com")).kind).toBe("enrolled");
    const asked = await askForLink("Ada@Example.com");
    expect(asked.status).toBe(303);
    const [mail] = await signInEmails();
    expect(mail!.to_address).toBe("ada@example.com");
    const token = tokenOf(mail!.sent);
    // Only the hash is stored: not in the links, not in the email log.
    const stored = await s.db().selectFrom("portal_links").selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(mail!.status).toBe("sent");
    expect(mail!.text).toContain("(one-time link, not kept)");
    const outbox = await s.db().selectFrom("outbox").selectAll().execute();
    expect(JSON.stringify(outbox)).not.toContain(token);

    const used = await useLink(token);
    expect(used.status).toBe(303);
    expect(used.headers.get("location")).toBe("/portal");
    const cookie = browserCookies(used.headers);
    const page = await homeFor(cookie);
    expect(page.body).toMatchObject({ view: "student", firstName: "ada" });

    const again = await useLink(token);
    expect(again.status).toBe(410);
    expect(await s.db().selectFrom("portal_sessions").selectAll().execute()).toHaveLength(1);
  });

  it("answers an unknown address the same way and emails nobody", async () => {
    const known = await s.person("lead@example.com");
    void known;
    const asked = await askForLink("lead@example.com");
    const stranger = await askForLink("nobody@example.com");
    expect(asked.status).toBe(303);
    expect(stranger.status).toBe(303);
    expect(asked.headers.get("location")).toBe(stranger.headers.get("location"));
    expect(await signInEmails()).toHaveLength(0);
  });

  it("a sign-in ends the address's other links", async () => {
    const id = await s.person("twice@example.com");
    await s.pay(id, "twice@example.com");
    await askForLink("twice@example.com");
    await askForLink("twice@example.com");
    const [first, second] = await signInEmails();
    expect((await useLink(tokenOf(second!.sent))).status).toBe(303);
    expect((await useLink(tokenOf(first!.sent))).status).toBe(410);
  });

  it("refuses a link after 15 minutes", async () => {
    const id = await s.person("late@example.com");
    await s.pay(id, "late@example.com");
    await askForLink("late@example.com");
    const [mail] = await signInEmails();
    s.clock.advance(PORTAL_LINK_TTL_MS + 1000);
    expect((await useLink(tokenOf(mail!.sent))).status).toBe(410);
  });

  it("limits the links one address may ask for", async () => {
    const id = await s.person("many@example.com");
    await s.pay(id, "many@example.com");
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await askForLink("many@example.com", `10.0.1.${i}`)).status);
    expect(statuses).toEqual([303, 303, 303, 429]);
    expect(await signInEmails()).toHaveLength(3);
  });

  it("limits the links one client address may ask for, whatever the addresses typed", async () => {
    const id = await s.person("ip@example.com");
    await s.pay(id, "ip@example.com");
    const statuses = [];
    // RATE_LIMIT_PER_MINUTE is 10: the eleventh post from one client is refused before anything.
    for (let i = 0; i < 10; i++)
      statuses.push((await askForLink(`x${i}@example.com`, "10.9.0.1")).status);
    expect(statuses.every((status) => status === 303)).toBe(true);
    expect((await askForLink("ip@example.com", "10.9.0.1")).status).toBe(429);
    expect(await signInEmails()).toHaveLength(0);
    expect((await askForLink("ip@example.com", "10.9.0.2")).status).toBe(303);
    expect(await signInEmails()).toHaveLength(1);
  });

  it("refuses a bad address with a message and changes nothing", async () => {
    const answer = await askForLink("not-an-email");
    expect(answer.status).toBe(400);
    expect(await s.db().selectFrom("portal_links").selectAll().execute()).toHaveLength(0);
  });

  it("ends the student's sessions when the seat is refunded", async () => {
    const id = await s.person("gone@example.com");
    await s.pay(id, "gone@example.com");
    await askForLink("gone@example.com");
    const [mail] = await signInEmails();
    const cookie = browserCookies((await useLink(tokenOf(mail!.sent))).headers);
    expect((await homeFor(cookie)).body).toMatchObject({ view: "student" });
    expect(await refundEnrollment(s.services(), "owner@example.com", id, "changed plans")).toBe(
      "refunded",
    );
    expect(await s.db().selectFrom("portal_sessions").selectAll().execute()).toHaveLength(0);
    expect((await homeFor(cookie)).body).toMatchObject({ view: "sign_in" });
  });

  it("'Sign out of all devices' ends every session of the student or mentor, and nobody else's", async () => {
    const ada = await s.person("ada@example.com");
    await s.pay(ada, "ada@example.com");
    const { id: bo, cookie: other } = await paidStudent(s, "bo@example.com", "Bo");
    const student = { role: "student", personId: ada, email: "ada@example.com", firstName: "Ada" };
    const [phone, laptop] = [
      await portalCookie(s.services(), student as PortalUser),
      await portalCookie(s.services(), student as PortalUser),
    ];
    const mentorId = await mentorFixture(s.services(), "mia@example.com", "Mia Mentor");
    const mentor = { id: mentorId, email: "mia@example.com", name: "Mia Mentor" };
    const [desk, tablet] = [
      await mentorCookie(s.services(), mentor),
      await mentorCookie(s.services(), mentor),
    ];
    const signOutEverywhere = async (cookie: string) =>
      unwrap(
        await settle(
          callAction(
            home.action,
            formRequest("/portal", { intent: "sign_out_everywhere" }, { cookie }),
            makeContext(s.services()),
          ),
        ),
      );

    const answered = await signOutEverywhere(phone);
    expect(answered.status).toBe(303);
    expect(answered.headers.get("set-cookie")).toMatch(/fsts_portal=;.*Max-Age=0/);
    for (const cookie of [phone, laptop])
      expect((await homeFor(cookie)).body).toMatchObject({ view: "sign_in" });
    expect((await homeFor(other)).body).toMatchObject({ view: "student" });
    expect((await homeFor(desk)).body).not.toMatchObject({ view: "sign_in" });

    await signOutEverywhere(tablet);
    const left = await s.db().selectFrom("portal_sessions").select("person_id").execute();
    expect(left).toEqual([{ person_id: bo }]);
  });

  it("the owner signs a student or a mentor out everywhere, and the audit log says so", async () => {
    const { id: ada, cookie: studentCookie } = await paidStudent(s, "ada@example.com", "Ada");
    const mia = await signedInMentor(s.services(), "mia@example.com", "Mia Mentor");
    const owner = await ownerCookie({ services: s.services(), config: s.services().config });
    const post = async (run: unknown, path: string, fields: Record<string, string>, params = {}) =>
      unwrap(
        await settle(
          callAction(
            run as never,
            formRequest(path, fields, { cookie: owner }),
            makeContext(s.services()),
            params,
          ),
        ),
      );

    const person = await post(
      personRoute.action,
      `/admin/people/${ada}`,
      { intent: "end_sessions" },
      { id: ada },
    );
    expect(person.status).toBe(303);
    expect(await flashToastOf(person, s.services())).toMatchObject({
      title: consoleText.person.sessionsEnded,
    });
    expect((await homeFor(studentCookie)).body).toMatchObject({ view: "sign_in" });

    const mentor = await post(mentorsRoute.action, "/admin/mentors", {
      intent: "end_sessions",
      id: mia.id,
    });
    expect(mentor.status).toBe(303);
    expect(await s.db().selectFrom("portal_sessions").selectAll().execute()).toEqual([]);
    expect((await homeFor(mia.cookie)).body).toMatchObject({ view: "sign_in" });
    // A mentor who is not there is refused, and nothing else changes.
    const unknown = await post(mentorsRoute.action, "/admin/mentors", {
      intent: "end_sessions",
      id: "nobody",
    });
    expect(unknown.status).toBe(404);
    await expect(
      post(
        personRoute.action,
        "/admin/people/nobody",
        { intent: "end_sessions" },
        { id: "nobody" },
      ),
    ).rejects.toMatchObject({ init: { status: 404 } });

    const audit = await s.db().selectFrom("audit_log").select(["action", "actor"]).execute();
    expect(audit).toHaveLength(2);
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: "person.sign_out_everywhere", actor: "boss@example.com" },
        { action: "mentor.sign_out_everywhere", actor: "boss@example.com" },
      ]),
    );
  });
});
