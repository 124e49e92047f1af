import type { Generated } from "kysely";

/** The owner's accounts, their signed-in sessions, and what they changed. */
export interface AdminUsersTable {
  id: string;
  email: string;
  password_hash: string;
  is_admin: number;
  created_at: string;
}

export interface SessionsTable {
  id: string;
  admin_user_id: string;
  created_at: string;
  expires_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor: string;
  action: string;
  details: string;
  at: string;
}
