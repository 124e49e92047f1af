import type { Touch } from "~/features/analytics/page-view";

/** The tags of the link a visit came by; '' where the link had no such tag. */
export type TouchColumns = Touch;

/** One page view of a public page, kept raw for ANALYTICS_RAW_DAYS. */
export interface PageViewsTable extends TouchColumns {
  at: string;
  day: string;
  path: string;
  /** Null when the browser asked not to be tracked (Sec-GPC or DNT). */
  visitor_id: string | null;
  /** 1 when the view did not come from another page of the site (a landing). */
  entry: number;
  /** The host of an outside page that linked here; null for none or the site itself. */
  referrer_host: string | null;
}

/** One browser: when it first came, by which link (the touch at first sight), who it became. */
export interface VisitorsTable extends TouchColumns {
  id: string;
  first_seen_at: string;
  first_day: string;
  last_seen_at: string;
  person_id: string | null;
}

/** A person's arrival: the first sight of the first browser linked to them (earliest wins). */
export interface PersonArrivalsTable extends TouchColumns {
  person_id: string;
  visitor_id: string;
  first_seen_at: string;
  first_day: string;
}

/** A closed day's totals; its row also says the day is rolled up (written once). */
export interface AnalyticsDaysTable {
  day: string;
  views: number;
  /** Distinct browsers that day, plus landings of browsers that asked not to be tracked. */
  visitors: number;
  anonymous_views: number;
  rolled_at: string;
}

export interface AnalyticsPagesTable {
  day: string;
  path: string;
  views: number;
}

/** Browsers first seen on a closed day, by the link they came by. */
export interface AnalyticsArrivalsTable extends TouchColumns {
  day: string;
  visitors: number;
}
