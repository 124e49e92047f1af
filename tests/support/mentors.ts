import { DEFAULT_MENTOR_CAPACITY } from "../../app/features/mentors/mentor-forms";
import { createMentor } from "../../app/features/mentors/mentors.server";
import { startPortalSession } from "../../app/features/portal/session.server";
import type { Services } from "../../app/context";
import { callAction, makeContext, unwrap } from "./context";
import { paidStudent } from "./portal";

/** A mentor row as the console makes one; returns its id. */
export async function mentorFixture(
  services: Services,
  email: string,
  name: string,
  capacity = DEFAULT_MENTOR_CAPACITY,
): Promise<string> {
  const created = await createMentor(
    services.db,
    { email, name, bio: `${name}'s bio.`, capacity },
    services.clock.now(),
  );
  if (created.kind !== "created") throw new Error(`mentor ${email} exists`);
  return created.mentor.id;
}

/** The Cookie header of a fresh portal session for a mentor (as signing in by link makes one). */
export async function mentorCookie(
  services: Services,
  mentor: { id: string; email: string; name: string },
): Promise<string> {
  const setCookie = await startPortalSession(
    new Request("http://localhost:3000/portal/login/x"),
    makeContext(services),
    { role: "mentor", mentorId: mentor.id, email: mentor.email, name: mentor.name },
  );
  return setCookie.split(";")[0]!;
}

/** A mentor row and the Cookie header of their portal session. */
export async function signedInMentor(services: Services, email: string, name: string) {
  const id = await mentorFixture(services, email, name);
  return { id, cookie: await mentorCookie(services, { id, email, name }) };
}

/** Assigns a paid seat's mentor by hand (what the assignment at payment does). */
export async function assignMentor(services: Services, personId: string, mentorId: string | null) {
  await services.db
    .updateTable("payments")
    .set({ mentor_id: mentorId })
    .where("person_id", "=", personId)
    .execute();
}

/** A paid student of a seat scenario (`s`), assigned to a mentor, and their portal cookie. */
export async function mentoredStudent(
  s: Parameters<typeof paidStudent>[0],
  email: string,
  mentorId: string,
) {
  const student = await paidStudent(s, email);
  await assignMentor(s.services(), student.id, mentorId);
  return student;
}

type RouteFunction = Parameters<typeof callAction>[0];

/**
 * What a route answers a browser sending `cookie`: its loader (GET) or its action (a form post of
 * `fields`), with a thrown redirect or refusal (data(), a Response) read as the answer.
 */
export async function answer(
  services: Services,
  run: RouteFunction,
  path: string,
  cookie: string,
  options: { params?: Record<string, string>; fields?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const request = options.fields
    ? new Request(`http://localhost:3000${path}`, {
        method: "POST",
        body: new URLSearchParams(options.fields),
        headers,
      })
    : new Request(`http://localhost:3000${path}`, { headers });
  try {
    return await unwrap(await callAction(run, request, makeContext(services), options.params));
  } catch (thrown) {
    return unwrap(thrown);
  }
}
