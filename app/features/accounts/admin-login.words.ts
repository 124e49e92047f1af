import type { ToastMessage } from "~/lib/toast";

/** Words of the owner's sign-in (on /admin/cohort-settings, ADMIN_LOGIN_PATH). */
export const adminPage = {
  metaTitle: "Admin",
  checkingAccess: "Checking access...",
} as const;

export const adminLogin = {
  title: "Admin Login",
  intro: "Sign in with your admin account to manage the cohort settings.",
  email: "Email",
  password: "Password",
  submit: "Login",
  submitting: "Checking credentials...",
  goHome: "Go to the home page",
  continue: "Continue",
} as const;

export const loginValidation = {
  email: "Please enter your email",
  emailFormat: "Please enter a valid email address",
  password: "Please enter your password",
  tooLong: "This is too long",
} as const;

export const loginToasts = {
  invalidCredentials: { title: "Invalid email or password", variant: "destructive" },
  notAdmin: { title: "This account is not authorized as admin", variant: "destructive" },
  loggedIn: { title: "Logged in successfully as admin", variant: "success" },
  loggedOut: { title: "You have been logged out." },
  rateLimited: {
    title: "Too many login attempts",
    description: "Please wait a minute and try again.",
    variant: "destructive",
    durationMs: 7000,
  },
} as const satisfies Record<string, ToastMessage>;
