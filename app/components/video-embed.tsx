import { useEffect, useRef } from "react";
import { videoCopy, videoProvider } from "~/content/videos";

/**
 * Embeds a hosted video through the provider's script, added on mount and removed on unmount
 * (spec §2). With no provider or id configured it shows a still poster and loads nothing.
 */
export function VideoEmbed({ videoId, title }: { videoId: string | null; title: string }) {
  const hostRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!videoProvider || !videoId) return;
    const scripts = videoProvider.scriptUrls(videoId).map((src) => {
      const script = document.createElement("script");
      script.src = src;
      script.async = true;
      script.onerror = () => console.warn(`${videoProvider?.name ?? "Video"} embed unavailable`);
      document.body.appendChild(script);
      return script;
    });
    return () => scripts.forEach((script) => script.remove());
  }, [videoId]);

  return (
    <figure className="overflow-hidden rounded-xl bg-brand-900 shadow-lg">
      <div ref={hostRef} className="relative aspect-video w-full">
        {videoProvider && videoId ? (
          <div
            className={`${videoProvider.containerClass(videoId)} absolute inset-0`}
            role="region"
            aria-label={title}
          />
        ) : (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-gradient-to-br from-brand-900 to-brand-700 text-white">
            <svg aria-hidden="true" width="64" height="64" viewBox="0 0 64 64">
              <circle cx="32" cy="32" r="30" fill="white" fillOpacity="0.15" />
              <path d="M26 20l18 12-18 12z" fill="white" />
            </svg>
            <span className="text-sm font-medium">{videoCopy.posterCaption}</span>
          </div>
        )}
      </div>
      <figcaption className="bg-white px-4 py-2 text-sm text-slate-700">{title}</figcaption>
    </figure>
  );
}
