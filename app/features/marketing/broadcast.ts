import { leadMagnets } from "~/features/leads/lead-magnets.words";
import { broadcastErrors } from "./broadcasts.words";
import { z } from "~/lib/zod";
import { PERSON_STATUSES } from "~/features/applications/application-outcome";
import { localTimeToUtc } from "~/lib/time-zone";

const RESOURCE_TYPES = Object.keys(leadMagnets) as [
  keyof typeof leadMagnets,
  ...(keyof typeof leadMagnets)[],
];

/** An empty select means "anyone": it arrives as "" and is read as no filter. */
const anyOr = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** What a broadcast is, for who may get it: cohort news, or career tips. */
export const BROADCAST_CATEGORIES = ["news", "tips"] as const;

/**
 * Who a broadcast goes to, besides "may get this kind of marketing", which always applies:
 * a status, a free resource taken, paid in a cohort, in the current cohort's seat queue, a
 * first-touch source. Every filter narrows; none set means everyone who may get it.
 */
export const audienceSchema = z.object({
  status: anyOr(z.enum(PERSON_STATUSES, { error: broadcastErrors.audience })),
  resource: anyOr(z.enum(RESOURCE_TYPES, { error: broadcastErrors.audience })),
  cohort: anyOr(z.string().max(64, broadcastErrors.audience)),
  waitlist: anyOr(z.enum(["yes"], { error: broadcastErrors.audience })),
  source: anyOr(z.string().trim().max(100, broadcastErrors.audience)),
  category: z.enum(BROADCAST_CATEGORIES, { error: broadcastErrors.category }).default("news"),
});

export type Audience = z.infer<typeof audienceSchema>;

/** The compose form: the audience, the words, and when (empty: now), in the site's time zone. */
export function broadcastSchema(timeZone: string, now: Date) {
  return audienceSchema
    .extend({
      intent: z.enum(["test", "send"], { error: broadcastErrors.intent }),
      /** A send goes out only from the preview step, which sends "yes". */
      confirm: z.literal("yes").optional(),
      requestKey: z
        .string({ error: broadcastErrors.requestKey })
        .regex(/^[A-Za-z0-9-]{16,64}$/, broadcastErrors.requestKey),
      subject: z
        .string({ error: broadcastErrors.subject })
        .trim()
        .min(1, broadcastErrors.subject)
        .max(150, broadcastErrors.subjectTooLong),
      body: z
        .string({ error: broadcastErrors.body })
        .trim()
        .min(1, broadcastErrors.body)
        .max(20_000, broadcastErrors.bodyTooLong),
      sendAt: anyOr(z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, broadcastErrors.sendAt)),
    })
    .transform((value, ctx) => {
      if (!value.sendAt) return { ...value, sendAtUtc: now };
      const [date = "", time = ""] = value.sendAt.split("T");
      const sendAtUtc = localTimeToUtc(date, time, timeZone);
      if (!sendAtUtc || sendAtUtc.getTime() < now.getTime() - 60_000) {
        ctx.addIssue({ code: "custom", path: ["sendAt"], message: broadcastErrors.sendAtPast });
        return z.NEVER;
      }
      return { ...value, sendAtUtc };
    });
}

export type BroadcastForm = z.output<ReturnType<typeof broadcastSchema>>;

/** The compose page's one form: count the audience, or send the broadcast (to the owner or all). */
export function broadcastFormSchema(timeZone: string, now: Date) {
  return z.discriminatedUnion("intent", [
    audienceSchema.extend({ intent: z.literal("count") }),
    broadcastSchema(timeZone, now),
  ]);
}

/** The fields that choose who a broadcast goes to. */
export const AUDIENCE_FIELDS = [
  "category",
  "status",
  "resource",
  "cohort",
  "waitlist",
  "source",
] as const satisfies readonly (keyof Audience)[];

export function isAudienceField(name: string | null): name is keyof Audience {
  return AUDIENCE_FIELDS.some((field) => field === name);
}

/** The audience as the URL of the compose page carries it (for the count without JavaScript). */
export function audienceFromSearch(params: URLSearchParams): Audience {
  const parsed = audienceSchema.safeParse(Object.fromEntries(params));
  return parsed.success ? parsed.data : { category: "news" };
}

/** Where a broadcast is, as the owner reads it: scheduled → queuing → sending → sent. */
export type BroadcastStage = "scheduled" | "queueing" | "sending" | "sent";

export function broadcastStage(
  status: "scheduled" | "queueing" | "queued",
  outbox: { queued: number; sent: number; failed: number; suppressed: number },
): BroadcastStage {
  if (status !== "queued") return status;
  const waiting = outbox.queued - outbox.sent - outbox.failed - outbox.suppressed;
  return waiting > 0 ? "sending" : "sent";
}
