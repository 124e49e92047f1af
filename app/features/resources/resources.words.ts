// The free downloads' shared words. Each resource's copy has a module of its own
// (resume-template.ts, outreach-scripts.ts, application-tracker.ts): the one source of both its
// PDF and its Word copy, so the two never disagree. Text in [square brackets] is a placeholder the
// reader replaces; the builders highlight it so it is obvious what still needs editing.

export const resourceBrand = "From Scratch to Success";
