import { site } from "~/content/site";
import { videoCopy, videoProvider } from "./videos.words";

/**
 * Embeds a hosted video through the provider's scripts (spec §2), which the page's enhancement
 * adds as the page loads (app/enhance/enhance-page.ts); they leave with the page. With no
 * provider or id configured it shows a still poster that links to the video channel (in a new
 * tab, as the footer's link) and loads nothing.
 */
export function VideoEmbed({ videoId, title }: { videoId: string | null; title: string }) {
  const scripts = videoProvider && videoId ? videoProvider.scriptUrls(videoId) : null;
  return (
    <figure className="overflow-hidden rounded-xl bg-brand-900 shadow-lg">
      <div
        className="relative aspect-video w-full"
        data-video-scripts={scripts ? JSON.stringify(scripts) : undefined}
      >
        {videoProvider && videoId ? (
          <div
            className={`${videoProvider.containerClass(videoId)} absolute inset-0`}
            role="region"
            aria-label={title}
          />
        ) : (
          <a
            href={site.videoChannelUrl}
            target="_blank"
            rel="noopener noreferrer"
            data-video-poster=""
            className="group absolute inset-0 flex flex-col items-center justify-center gap-3 bg-gradient-to-br from-brand-900 to-brand-700 text-white focus-visible:outline-4 focus-visible:-outline-offset-4 focus-visible:outline-white"
          >
            <svg aria-hidden="true" width="64" height="64" viewBox="0 0 64 64">
              <circle cx="32" cy="32" r="30" fill="white" fillOpacity="0.15" />
              <path d="M26 20l18 12-18 12z" fill="white" />
            </svg>
            <span className="text-sm font-medium underline-offset-4 group-hover:underline">
              {videoCopy.posterLink}
              <span className="sr-only"> ({videoCopy.newTab})</span>
            </span>
          </a>
        )}
      </div>
      <figcaption className="bg-white px-4 py-2 text-sm text-slate-700">{title}</figcaption>
    </figure>
  );
}
