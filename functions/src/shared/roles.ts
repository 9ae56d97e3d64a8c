/**
 * The role rules of docs/product.md#roles, computed in one place for the API and the app.
 * They take the smallest shape they need so that partial users (tests, stores) fit.
 */
type RoleFields = {
  userRole?: string | null;
  role?: { type?: string | null } | null;
  founder?: { premium?: boolean | null } | null;
};

/** Admin: `userRole` equals `admin`. */
export function isAdmin(user: RoleFields | null | undefined): boolean {
  return user?.userRole === 'admin';
}

/** Premium: `role.type` equals `premium`, or the founder record's premium flag is set. */
export function isPremium(user: RoleFields | null | undefined): boolean {
  return user?.role?.type === 'premium' || user?.founder?.premium === true;
}

/** Free: a signed-in member who is not premium. */
export function isFree(user: RoleFields | null | undefined): boolean {
  return user != null && !isPremium(user);
}

/** Advisor vs founder: whether the user carries an advisor record. */
export function isAdvisorUser(user: { advisor?: unknown } | null | undefined): boolean {
  return user?.advisor != null;
}
