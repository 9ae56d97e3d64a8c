type NameFields = { firstName?: string | null; lastName?: string | null; email?: string | null };

/** The name the header shows for a member: first and last name, else the email address. */
export function displayName(user: NameFields): string {
  const name = [user.firstName, user.lastName]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
  return name || (user.email ?? '').trim() || 'Member';
}

/** Up to two initials for the avatar circle. */
export function initials(user: NameFields): string {
  const letters = [user.firstName, user.lastName]
    .map((part) => (part ?? '').trim().charAt(0))
    .filter(Boolean)
    .join('');
  return (letters || (user.email ?? '?').trim().charAt(0) || '?').toUpperCase();
}
