/** Admin URLs shared by the browser and the server (no server code here). */
export const ADMIN_LOGIN_PATH = "/admin/cohort-settings";
