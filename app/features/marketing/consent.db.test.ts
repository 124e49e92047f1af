import { describe, expect, it } from "vitest";
import { callAction, formRequest, unwrap } from "../../../tests/support/context";
import { testEngines } from "../../../tests/support/databases";
import { leadAnswers } from "../../../tests/support/lead-pages";
import { useMarketingMail } from "../../../tests/support/marketing-mail";
import { consentWording } from "./marketing.words";
import { action as leadPageAction } from "~/features/leads/routes/lead-page";

// How marketing consent is given on the lead forms; taking it back is in unsubscribe.db.test.ts.
describe.each(testEngines())("marketing consent on $name", (engine) => {
  const { start, db, context, takeResource, person, mail } = useMarketingMail(engine);

  it("stores consent with its time, source and the words shown; unticked stores nothing", async () => {
    await start();
    await takeResource("/resume-template", "yes@example.com", true);
    await takeResource("/resume-template", "no@example.com", false);
    const yes = await person("yes@example.com");
    expect(yes.marketing).toBe("subscribed");
    const consents = await db().selectFrom("consents").selectAll().execute();
    expect(consents).toHaveLength(1);
    expect(consents[0]).toMatchObject({
      person_id: yes.id,
      source: "lead:resume",
      wording: consentWording["opt-in"],
      mode: "opt-in",
      given_at: "2026-11-22T12:00:00.000Z",
    });
    expect((await person("no@example.com")).marketing).toBe("none");
    // Ticking it never changes the transactional flow: both got their download email.
    expect(await mail("yes@example.com", "lead_%")).toHaveLength(1);
    expect(await mail("no@example.com", "lead_%")).toHaveLength(1);
    // Only a consenting lead has a sequence.
    const runs = await db().selectFrom("sequence_runs").selectAll().execute();
    expect(runs.map((r) => r.person_id)).toEqual([yes.id]);
  });

  it("with MARKETING_CONSENT=notice everyone who submits is in, with the notice's words", async () => {
    await start({ MARKETING_CONSENT: "notice" });
    await takeResource("/cold-outreach", "told@example.com", false, undefined, "notice");
    expect((await person("told@example.com")).marketing).toBe("subscribed");
    const consent = await db().selectFrom("consents").selectAll().executeTakeFirstOrThrow();
    expect(consent).toMatchObject({ mode: "notice", wording: consentWording.notice });
    // A page that still showed the box (rendered before the switch): only a tick counts.
    await takeResource("/cold-outreach", "box@example.com", false, undefined, "opt-in");
    expect((await person("box@example.com")).marketing).toBe("none");
  });

  it("refuses a consent value other than the box's, changing nothing", async () => {
    await start();
    const fields = { ...leadAnswers, email: "odd@example.com", marketingConsent: "please" };
    const result = await unwrap(
      await callAction(leadPageAction, formRequest("/resume-template", fields), context()),
    );
    expect(result.status).toBe(400);
    expect(await db().selectFrom("people").selectAll().execute()).toHaveLength(0);
  });
});
