import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { calendarCard as t } from "~/content/sessions";
import type { CalendarCardData } from "~/sessions/portal-calendar.server";
import { recordingLinkText } from "~/content/attendance";
import { linkVariants } from "~/components/ui/link";

/**
 * "Your calendar": subscribe (a form post that hands the new private feed to the calendar app),
 * download the .ics, reset the link; then the group sessions in the reader's own zone. Plain HTML
 * forms: the portal's pages work without JavaScript.
 */
export function CalendarCard({ calendar }: { calendar: CalendarCardData }) {
  const { feed, events } = calendar;
  return (
    <Card id="calendar" data-testid="calendar-card">
      <h2 className="text-xl font-semibold text-brand-900">{t.title}</h2>
      <p className="mt-2 text-slate-700">{t.intro}</p>
      <p className="mt-2 text-sm text-slate-700" data-feed={feed ? "live" : "none"}>
        {!feed ? t.noFeed : feed.lastFetched ? t.fetched(feed.lastFetched) : t.notFetched}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <form method="post" action="/portal/calendar">
          <input type="hidden" name="intent" value="subscribe" />
          <Button type="submit" size="touch">
            {t.subscribe}
          </Button>
        </form>
        <a
          href="/portal/calendar"
          download
          className={cn(buttonVariants({ variant: "secondary", size: "touch" }))}
        >
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
      <p className="mt-2 text-sm text-slate-700">{t.resetHint}</p>
      <h3 className="mt-6 font-semibold text-brand-900">{t.sessionsTitle}</h3>
      {events.length === 0 ? (
        <p className="mt-2 text-slate-700">{t.none}</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {events.map((event) => (
            <li key={event.uid} data-testid="calendar-event" className="text-slate-800">
              <span className={cn(event.cancelled && "line-through")}>{event.summary}</span>
              <span className="block text-sm text-slate-700">
                {event.when}
                {event.cancelled ? ` · ${t.cancelled}` : ""}
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
