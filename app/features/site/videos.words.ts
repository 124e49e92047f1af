/**
 * The video hosting service for the two home-page videos. Set `videoProvider` and the ids to
 * embed real videos; with none configured the page shows a still poster linking to the channel
 * and makes no request.
 */
export interface VideoProvider {
  name: string;
  /** Hosts the embed loads from; added to the Content-Security-Policy. */
  origins: string[];
  scriptUrls(videoId: string): string[];
  containerClass(videoId: string): string;
}

export const wistia: VideoProvider = {
  name: "Wistia",
  origins: ["https://fast.wistia.com", "https://fast.wistia.net", "https://embed-ssl.wistia.com"],
  scriptUrls: (id) => [
    `https://fast.wistia.com/embed/medias/${id}.jsonp`,
    "https://fast.wistia.com/assets/external/E-v1.js",
  ],
  containerClass: (id) => `wistia_embed wistia_async_${id} videoFoam=true`,
};

export const videoProvider: VideoProvider | null = null;

export const videos: { hero: string | null; testimonials: string | null } = {
  hero: null,
  testimonials: null,
};

export const videoCopy = {
  /** A video with no provider id: its poster links to the channel, where the videos are. */
  posterLink: "Watch on our YouTube channel",
  newTab: "opens in a new tab",
} as const;
