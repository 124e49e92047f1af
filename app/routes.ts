import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/site/home.tsx"),
  route("apply", "routes/apply/apply.tsx"),
  route("enroll", "routes/enrol/enroll.tsx"),
  route("payment-confirmation", "routes/enrol/payment-confirmation.tsx"),
  route("checkout/test/:sessionId", "routes/enrol/test-checkout.tsx"),
  route("link-generator", "routes/marketing/link-generator.tsx"),
  route("*", "routes/site/not-found.tsx"),
] satisfies RouteConfig;
