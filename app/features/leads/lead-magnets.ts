import { leadMagnets, leadPages, type LeadPageType, type ResourceType } from "./lead-magnets.words";

import { resourceFormats, type ResourceFileKey } from "~/features/resources/formats";

export type { LeadPageType, ResourceType };

export interface LeadLists {
  tags: readonly string[];
  leadMagnets: readonly string[];
}

/**
 * Adds a resource's tag and the resource type itself to a person's lists. Lists
 * keep their order and gain nothing they already hold, so asking again changes nothing.
 */
export function mergeLeadLists(
  current: LeadLists,
  type: ResourceType,
): { tags: string[]; leadMagnets: string[] } {
  return {
    tags: appendOnce(current.tags, leadMagnets[type].tag),
    leadMagnets: appendOnce(current.leadMagnets, type),
  };
}

function appendOnce(list: readonly string[], value: string): string[] {
  const unique = Array.from(new Set(list));
  return unique.includes(value) ? unique : [...unique, value];
}

/** The single-resource lead page served at a path, ignoring a trailing slash. */
export function leadPageTypeForPath(pathname: string): LeadPageType | null {
  const path = pathname.replace(/\/+$/, "");
  const entry = Object.entries(leadPages).find(([, page]) => page.path === path);
  return entry ? (entry[0] as LeadPageType) : null;
}

/** What a confirmation offers next, besides applying: files not sent yet, and the resume review. */
export interface NextSteps {
  files: ResourceFileKey[];
  resumeReview: boolean;
}

/**
 * After a free resource: the free files it did not include (each a direct download, since the
 * person has just given their details) and the resume review unless that was it.
 */
export function nextSteps(taken: ResourceType): NextSteps {
  const sent: readonly ResourceFileKey[] = leadMagnets[taken].files;
  return {
    files: (Object.keys(resourceFormats) as ResourceFileKey[]).filter((key) => !sent.includes(key)),
    resumeReview: taken !== "resume_review",
  };
}
