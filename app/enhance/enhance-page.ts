/**
 * The only JavaScript a static page gets (app/lib/page-handle.ts), inlined at the end of <body>
 * as `(enhancePage)(words)` by EnhanceScript. Everything it does already works in plain HTML;
 * it only polishes:
 * - placeholder links go nowhere;
 * - the phone menu (a native popover): labels, closing after any menu action or when focus leaves;
 * - Home on the home page scrolls to the top; an anchor reached from another page is scrolled to
 *   again after the spec's delay, once the fonts and the layout have settled;
 * - the video embeds load their provider's scripts (they leave with the page);
 * - on a static page: server-rendered toasts get their close button and leave after their time,
 *   and the forms (lead pages, /apply) show the graduation-year message under the field before
 *   submit (against the year in force, which the server renders on the input as data-min-year),
 *   refuse a missing or non-.docx resume with a toast before sending, and say
 *   "Sending..." while posting;
 * - a time zone select marked `data-guess-time-zone` (the portal profile, before the student has
 *   confirmed a zone) preselects the browser's own zone when the list has it; without JavaScript
 *   it shows the site's zone, and either way the student confirms by saving;
 * - a Copy button (`data-copy` naming a read-only field, hidden in the HTML) appears and copies;
 * - for a student with no saved zone (`data-follow-browser` on the zone note), the browser's zone
 *   is written to the `words.zoneCookie` cookie and a page the server drew in another zone is reloaded once
 *   (the server then draws every time in that zone and names it).
 *
 * It is serialised with Function.prototype.toString, so it must not use anything from outside its
 * own body: words and limits arrive as the one argument. The server validates everything again.
 */
export interface EnhanceWords {
  /** Whether this page is static; a hydrated page leaves its toasts and forms to React. */
  staticPage: boolean;
  openMenu: string;
  closeMenu: string;
  anchorDelayMs: number;
  /** The year message with `{year}` where the year in force (the input's data-min-year) goes. */
  yearMessage: string;
  resume: {
    maxBytes: number;
    missing: { title: string; description: string };
    not_docx: { title: string; description: string };
    too_large: { title: string; description: string };
  };
  toastMs: number;
  /** The cookie for the browser's time zone (BROWSER_ZONE_COOKIE). */
  zoneCookie: string;
  errorToastMs: number;
  closeToast: string;
}

export function enhancePage(words: EnhanceWords): void {
  const doc = document;

  // The phone menu: a popover that opens and closes (and closes on Escape) without JavaScript.
  const toggle = doc.querySelector<HTMLButtonElement>("[data-menu-toggle]");
  const menu = toggle && doc.getElementById(toggle.getAttribute("popovertarget") ?? "");
  if (toggle && menu) {
    const label = () => {
      const open = menu.matches(":popover-open");
      toggle.setAttribute("aria-expanded", String(open));
      toggle.setAttribute("aria-label", open ? words.closeMenu : words.openMenu);
    };
    label();
    menu.addEventListener("toggle", label);
    menu.addEventListener("click", (event) => {
      if ((event.target as Element).closest("a")) menu.hidePopover();
    });
    menu.addEventListener("focusout", (event) => {
      const next = event.relatedTarget as Node | null;
      if (next && !menu.contains(next) && next !== toggle) menu.hidePopover();
    });
  }

  // A placeholder link (href="#") goes nowhere, not even to the top.
  doc.addEventListener("click", (event) => {
    if ((event.target as Element).closest?.('a[href="#"]')) event.preventDefault();
  });

  // Home on the home page: back to the top, smoothly, with the address back to "/".
  doc.querySelectorAll<HTMLAnchorElement>("a[data-home]").forEach((link) =>
    link.addEventListener("click", (event) => {
      if (location.pathname !== "/") return;
      event.preventDefault();
      window.scrollTo({ top: 0, behavior: "smooth" });
      if (location.hash) history.replaceState(history.state, "", "/");
    }),
  );
  const anchor = location.hash && doc.getElementById(location.hash.slice(1));
  if (anchor)
    setTimeout(
      () => anchor.scrollIntoView({ behavior: "smooth", block: "start" }),
      words.anchorDelayMs,
    );

  // Video embeds: their provider's scripts, added with the page (they go when it goes).
  doc.querySelectorAll<HTMLElement>("[data-video-scripts]").forEach((host) => {
    for (const src of JSON.parse(host.dataset.videoScripts ?? "[]") as string[]) {
      const script = doc.createElement("script");
      script.src = src;
      script.async = true;
      doc.body.appendChild(script);
    }
  });

  // The browser's time zone, asked only on the pages that use it: the first Intl call of a page
  // costs 15-30 ms of main thread (its locale data), all of a public page's blocking time.
  const guesses = doc.querySelectorAll<HTMLSelectElement>("select[data-guess-time-zone]");
  const note = doc.querySelector<HTMLElement>("[data-zone-note][data-follow-browser]");
  const zone =
    guesses.length > 0 || note ? Intl.DateTimeFormat().resolvedOptions().timeZone : undefined;

  // The portal profile's time zone: the browser's own, preselected until the student saves one.
  guesses.forEach((select) => {
    if (zone && Array.from(select.options).some((option) => option.value === zone))
      select.value = zone;
  });

  // A student without a saved zone (decision 0055): the browser's zone goes to the server as a
  // cookie, and a page drawn in another zone is drawn again, once, so every portal page (and the
  // times grouped by day on the booking pages) reads in the browser's zone, named as such.
  if (note && zone && zone !== note.dataset.zone) {
    const secure = location.protocol === "https:";
    const name = secure ? `__Host-${words.zoneCookie}` : words.zoneCookie;
    doc.cookie = `${name}=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Lax${
      secure ? "; Secure" : ""
    }`;
    // Once per zone and tab: a zone the server cannot use leaves the page as it is (named).
    try {
      if (sessionStorage.getItem("fsts_tz_redrawn") !== zone && doc.cookie.includes(`${name}=`)) {
        sessionStorage.setItem("fsts_tz_redrawn", zone);
        location.reload();
      }
    } catch {
      // No session storage (a private mode): no reload; the page keeps the zone it names.
    }
  }

  // A Copy button beside a read-only field (the portal's calendar address): shown, and copying,
  // only where the browser offers the clipboard; without it the address is selected by hand.
  doc.querySelectorAll<HTMLButtonElement>("button[data-copy]").forEach((button) => {
    const field = doc.getElementById(button.dataset.copy ?? "");
    if (!(field instanceof HTMLInputElement) || !navigator.clipboard) return;
    const label = button.textContent ?? "";
    button.hidden = false;
    button.addEventListener("click", () => {
      field.select();
      void navigator.clipboard.writeText(field.value).then(() => {
        button.textContent = button.dataset.copied ?? label;
        setTimeout(() => (button.textContent = label), 2000);
      });
    });
  });

  if (!words.staticPage) return;

  // Toasts rendered by the server: closable, and gone after their time.
  const toaster = doc.querySelector<HTMLOListElement>("[data-toaster]");
  const arm = (item: HTMLElement) => {
    const close = item.querySelector<HTMLButtonElement>("button[data-toast-close]");
    if (close) {
      close.hidden = false;
      close.addEventListener("click", () => item.remove());
    }
    const ms = Number(item.dataset.duration) || words.toastMs;
    setTimeout(() => item.remove(), ms + 400);
  };
  doc.querySelectorAll<HTMLElement>("[data-toast]").forEach(arm);
  const showToast = (title: string, description: string) => {
    if (!toaster) return;
    toaster.querySelectorAll("[data-toast][data-client]").forEach((old) => old.remove());
    const item = doc.createElement("li");
    item.dataset.toast = "";
    item.dataset.client = "";
    item.dataset.type = "error";
    item.dataset.duration = String(words.errorToastMs);
    item.style.animationDelay = `${words.errorToastMs}ms`;
    item.className = toaster.dataset.errorClass ?? "";
    const text = doc.createElement("div");
    text.className = "flex-1 text-sm";
    const heading = doc.createElement("p");
    heading.className = "font-semibold";
    heading.textContent = title;
    const body = doc.createElement("p");
    body.className = "mt-1";
    body.textContent = description;
    text.append(heading, body);
    const close = doc.createElement("button");
    close.type = "button";
    close.dataset.toastClose = "";
    close.setAttribute("aria-label", words.closeToast);
    close.className = "-m-1 rounded p-1 text-lg leading-none opacity-70 hover:opacity-100";
    close.innerHTML = '<span aria-hidden="true">×</span>';
    item.append(text, close);
    toaster.append(item);
    arm(item);
  };

  // The forms (lead pages, /apply): the browser's own validation, with the spec's messages where
  // it has none.
  const showError = (field: HTMLInputElement, message: string) => {
    const error = doc.getElementById(`${field.id}-error`);
    if (error) error.textContent = message;
    if (message) field.setAttribute("aria-invalid", "true");
    else field.removeAttribute("aria-invalid");
  };
  doc.querySelectorAll<HTMLFormElement>("form[data-enhance]").forEach((form) => {
    const year = form.querySelector<HTMLInputElement>("input[name=graduationYear]");
    if (year) {
      let touched = false;
      // The earliest year accepted, as the server rendered it (the cohort's setting, else the
      // current year); the browser's own year only if a page left it out.
      const earliest = Number(year.dataset.minYear) || new Date().getFullYear();
      const validate = (show: boolean) => {
        const value = year.value.trim();
        const ok = value === "" || (/^\d{4}$/.test(value) && Number(value) >= earliest);
        const message = ok ? "" : words.yearMessage.replace("{year}", String(earliest));
        year.setCustomValidity(message);
        if (show) showError(year, message);
      };
      validate(false);
      year.addEventListener("blur", () => {
        touched = true;
        validate(true);
      });
      year.addEventListener("input", () => validate(touched));
      year.addEventListener("invalid", () => {
        if (year.validity.customError) showError(year, year.validationMessage);
      });
    }
    const resume = form.querySelector<HTMLInputElement>("input[type=file][name=resume]");
    if (resume) {
      const problem = () => {
        const file = resume.files?.[0];
        if (!file || (file.size === 0 && file.name === "")) return words.resume.missing;
        if (!/\.docx$/i.test(file.name.trim())) return words.resume.not_docx;
        if (file.size > words.resume.maxBytes) return words.resume.too_large;
        return null;
      };
      const validate = () => resume.setCustomValidity(problem()?.description ?? "");
      validate();
      resume.addEventListener("change", () => {
        validate();
        showError(resume, "");
      });
      // A submit with a missing or refused file: the message under the field and in a toast.
      resume.addEventListener("invalid", (event) => {
        const found = problem();
        if (!found) return;
        event.preventDefault();
        showError(resume, found.description);
        showToast(found.title, found.description);
      });
    }
    let submit = form.querySelector<HTMLButtonElement>("button[type=submit][data-busy-label]");
    form.addEventListener("submit", (event) => {
      // The button pressed, when the form has several (/enroll: in full, or the payment plan).
      const pressed = event.submitter;
      if (pressed instanceof HTMLButtonElement && pressed.dataset.busyLabel) submit = pressed;
      if (event.defaultPrevented || !submit) return;
      submit.dataset.label = submit.textContent ?? "";
      submit.textContent = submit.dataset.busyLabel ?? "";
      submit.setAttribute("aria-disabled", "true");
      form.addEventListener("submit", (again) => again.preventDefault(), { once: true });
    });
    // Back from the next page (the page cache): the button is ready again.
    window.addEventListener("pageshow", () => {
      if (!submit?.dataset.label) return;
      submit.textContent = submit.dataset.label;
      submit.removeAttribute("aria-disabled");
    });
  });
}
