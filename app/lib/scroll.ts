import { useCallback, useEffect } from "react";
import { useLocation, useNavigate } from "react-router";

/** After navigating, wait 100 ms before scrolling to an anchor, 0 ms for the top. */
export const ANCHOR_SCROLL_DELAY_MS = 100;
export const TOP_SCROLL_DELAY_MS = 0;

export type ScrollTarget = "top" | "program" | "testimonials" | "faq";

interface ScrollState {
  scrollTo?: ScrollTarget;
}

function scrollToTarget(target: ScrollTarget) {
  if (target === "top") {
    window.scrollTo({ top: 0, behavior: "smooth" });
    return;
  }
  document.getElementById(target)?.scrollIntoView({ behavior: "smooth", block: "start" });
}

/** Goes to a home-page section, navigating to / first when elsewhere. */
export function useGoToSection() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (target: ScrollTarget) => {
      if (location.pathname === "/") {
        scrollToTarget(target);
        if (target !== "top") history.replaceState(history.state, "", `/#${target}`);
        else if (location.hash) history.replaceState(history.state, "", "/");
        return;
      }
      const hash = target === "top" ? "" : `#${target}`;
      navigate(`/${hash}`, {
        state: { scrollTo: target } satisfies ScrollState,
        preventScrollReset: true,
      });
    },
    [location.pathname, location.hash, navigate],
  );
}

/** On the home page: performs a scroll requested by a navigation from another page. */
export function useScrollRequest() {
  const location = useLocation();
  useEffect(() => {
    const target = (location.state as ScrollState | null)?.scrollTo;
    if (!target) return;
    const delay = target === "top" ? TOP_SCROLL_DELAY_MS : ANCHOR_SCROLL_DELAY_MS;
    const timer = window.setTimeout(() => scrollToTarget(target), delay);
    return () => window.clearTimeout(timer);
  }, [location.key, location.state]);
}
