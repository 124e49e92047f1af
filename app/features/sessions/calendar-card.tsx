import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/input";
import { cn } from "~/components/ui/cn";
import { calendarCard as t } from "./sessions.words";
import type { CalendarCardData } from "./portal-calendar.server";
import { recordingLinkText } from "~/features/attendance/attendance.words";
import { linkVariants } from "~/components/ui/link";
import { ZoneNote } from "~/features/portal/zone-note";

/**
 * "Your calendar": the private feed's address (the same on every visit, decision 0053) in a
 * read-only field with Copy (shown by the page's enhancement, which copies it), Google Calendar's
 * add-by-URL link, the webcal: link for Apple Calendar and Outlook, the .ics download and "Reset
 * link"; then the group sessions in the reader's own zone. Plain HTML: no JavaScript needed.
 */
export function CalendarCard({ calendar }: { calendar: CalendarCardData }) {
  const { feed, events } = calendar;
  const secondary = cn(buttonVariants({ variant: "secondary", size: "touch" }));
  return (
    <Card id="calendar" data-testid="calendar-card">
      <h2 className="text-xl font-semibold text-brand-900">{t.title}</h2>
      <p className="mt-2 text-slate-700">{t.intro}</p>
      <p className="mt-2 text-sm text-slate-700" data-feed={feed ? "live" : "none"}>
        {!feed ? t.noFeed : feed.lastFetched ? t.fetched(feed.lastFetched) : t.notFetched}
      </p>
      {feed?.urls ? (
        <div className="mt-4">
          <Label htmlFor="calendar-address">{t.addressLabel}</Label>
          <div className="mt-1 flex flex-col gap-2 sm:flex-row">
            <Input
              id="calendar-address"
              type="text"
              readOnly
              value={feed.urls.https}
              aria-describedby="calendar-address-hint"
              className="mt-0 min-w-0 flex-1 font-mono text-sm"
              data-calendar-address=""
            />
            <Button
              type="button"
              variant="secondary"
              size="touch"
              className="shrink-0"
              hidden
              data-copy="calendar-address"
              data-copied={t.copied}
            >
              {t.copy}
            </Button>
          </div>
          <p id="calendar-address-hint" className="mt-1 text-sm text-slate-700">
            {t.addressHint}
          </p>
        </div>
      ) : (
        feed && <p className="mt-2 text-sm text-slate-700">{t.hidden}</p>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        {!feed && (
          <form method="post" action="/portal/calendar">
            <input type="hidden" name="intent" value="open" />
            <Button type="submit" size="touch">
              {t.open}
            </Button>
          </form>
        )}
        {feed?.urls && (
          <>
            <a href={feed.urls.google} className={secondary} rel="noreferrer" target="_blank">
              {t.google}
            </a>
            <a href={feed.urls.webcal} className={secondary}>
              {t.apple}
            </a>
          </>
        )}
        <a href="/portal/calendar" download className={secondary}>
          {t.download}
        </a>
        {feed && (
          <form method="post" action="/portal/calendar">
            <input type="hidden" name="intent" value="reset" />
            <Button type="submit" variant="secondary" size="touch">
              {t.reset}
            </Button>
          </form>
        )}
      </div>
      {feed && <p className="mt-2 text-sm text-slate-700">{t.resetHint}</p>}
      <h3 className="mt-6 font-semibold text-brand-900">{t.sessionsTitle}</h3>
      <ZoneNote
        zone={calendar.zone.name}
        from={calendar.zone.from}
        saveHref={calendar.zone.saveHref}
        followBrowser={calendar.zone.followBrowser}
      />
      {events.length === 0 ? (
        <p className="mt-2 text-slate-700">{t.none}</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {events.map((event) => (
            <li key={event.uid} data-testid="calendar-event" className="text-slate-800">
              <span className={cn(event.cancelled && "line-through")}>{event.summary}</span>
              <span className="block text-sm text-slate-700">
                <time dateTime={event.startsAt}>{event.when}</time>
                {event.tense !== "upcoming" && (
                  <span data-tense={event.tense}> · {t.tense[event.tense]}</span>
                )}
              </span>
              {event.recording && (
                <a
                  href={event.recording}
                  className={cn(linkVariants({ size: "sm" }), "block")}
                  rel="noreferrer"
                  data-testid="session-recording"
                >
                  {recordingLinkText.watch}
                  <span className="sr-only">: {event.summary}</span>
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
