import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/site/home.tsx"),
  route("*", "routes/site/not-found.tsx"),
] satisfies RouteConfig;
