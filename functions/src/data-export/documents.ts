/**
 * The member's rows turned into the files of their data download: one JSON document per
 * kind and the list of their own media files. The rules of what goes in:
 * - Everything the member wrote or did, with the ids and slugs that place it.
 * - Of a conversation, the thread (with whom, when) and the member's own messages; the
 *   other member's messages are theirs and are only counted. A message request the member
 *   received is listed without its text; a connection request's note only when they wrote it.
 * - Notifications as the member received them, the body only of the kinds whose body is
 *   the member's own words or the app's (BODY_OF_KIND): never a note, message, comment or
 *   post another member wrote.
 * - Views of their profile: the time always; the viewer only when the app would name them
 *   (never a member browsing privately or on either side of a block, and for a free member
 *   only the most recent few, as on the views screen).
 * - Billing state without any card data (the product never holds any).
 */
import { hasPassword } from '../auth/social/passwordless';
import { storedImageKey } from '../media/image-store';
import { accountIsPremium, FREE_VIEWERS, viewsWindowStart } from '../premium/entitlements';
import type { NotificationKind } from '../notifications/schemas';
import type { MemberData, NamedMember } from './collect';
import { verificationDocument } from './verification-rows';

/** A media file of the member's to put in the archive: its R2 key and its path there. */
export type MediaFile = { key: string; path: string };

/** A provider account linked for sign-in (social_identities, 0017). */
export type LinkedIdentity = { provider: string; email: string | null; createdAt: string };

/** A JSON document of the archive. */
export type ExportDocument = { path: string; content: unknown };

const extensionOf = (key: string) => /\.([a-z0-9]+)$/.exec(key)?.[1] ?? 'bin';

/** The member's own media: profile picture and banner, their posts' media, the attachments they sent. */
export function mediaFilesOf(data: MemberData): MediaFile[] {
  const profile = data.founder ?? data.advisor;
  const picture = storedImageKey(profile?.profilePictureUrl ?? null);
  const banner = storedImageKey(profile?.profileBannerUrl ?? null);
  return [
    ...(picture ? [{ key: picture, path: `media/profile/picture.${extensionOf(picture)}` }] : []),
    ...(banner ? [{ key: banner, path: `media/profile/banner.${extensionOf(banner)}` }] : []),
    ...data.postMedia.map((media) => ({ key: media.r2Key, path: `media/posts/${media.id}.${extensionOf(media.r2Key)}` })),
    ...data.attachments
      .filter((file) => file.storageKey.startsWith('attachments/'))
      .map((file) => ({ key: file.storageKey, path: `media/attachments/${file.id}.${extensionOf(file.storageKey)}` })),
  ];
}

/** What the documents need besides the rows. */
export type DocumentContext = {
  now: Date;
  /** The archive path of a media key, or null when the file is not in it (gone from storage). */
  fileOf: (key: string | null) => string | null;
  /** The provider accounts linked for sign-in. */
  identities: readonly LinkedIdentity[];
};

function named(data: MemberData, id: string | null): NamedMember | null {
  if (!id) return null;
  return data.others.get(id) ?? { id, name: 'Deleted member' };
}

function profileDocument(data: MemberData, { fileOf }: DocumentContext) {
  const { passwordHash: _secret, tokenVersion: _internal, ...account } = data.user;
  const withFiles = <T extends { profilePictureUrl: string | null; profileBannerUrl: string | null }>(row: T | null) =>
    row && { ...row, profilePictureFile: fileOf(storedImageKey(row.profilePictureUrl)), profileBannerFile: fileOf(storedImageKey(row.profileBannerUrl)) };
  return {
    account,
    founder: withFiles(data.founder),
    advisor: withFiles(data.advisor),
    onboardingDraft: data.onboardingDraft,
    blocked: data.blocked.map((row) => ({ member: named(data, row.blockedId), since: row.createdAt })),
    reports: data.reports.map(({ reporterId: _me, ...report }) => report),
  };
}

function postsDocument(data: MemberData, { fileOf }: DocumentContext) {
  return data.posts.map(({ authorUserId: _me, ...post }) => {
    const poll = data.polls.find((row) => row.postId === post.id);
    return {
      ...post,
      media: data.postMedia.filter((media) => media.postId === post.id).map(({ postId: _post, ...media }) => ({ ...media, file: fileOf(media.r2Key) })),
      poll: poll && { ...poll, options: data.pollOptions.filter((option) => option.pollId === poll.id) },
      history: data.postHistory.filter((version) => version.postId === post.id).map(({ postId: _post, editedBy: _by, ...version }) => version),
    };
  });
}

function connectionsDocument(data: MemberData) {
  const me = data.user.id;
  return data.connections.map((row) => {
    const sent = row.requesterId === me;
    return {
      id: row.id,
      direction: sent ? 'sent' : 'received',
      member: named(data, sent ? row.receiverId : row.requesterId),
      status: row.status,
      // The note is the requester's words: a received request's note is the other member's.
      note: sent ? row.note : null,
      respondedAt: row.respondedAt,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  });
}

function messagesDocument(data: MemberData, { fileOf }: DocumentContext) {
  const me = data.user.id;
  const received = new Map(data.receivedPerThread.map((row) => [row.threadId, Number(row.received)]));
  return {
    threads: data.threads.map((thread) => ({
      id: thread.id,
      with: named(data, thread.otherId),
      createdAt: thread.createdAt,
      lastMessageAt: thread.lastMessageAt,
      unreadCount: thread.unreadCount,
      messagesReceived: received.get(thread.id) ?? 0,
      messagesSent: data.messages.filter((message) => message.threadId === thread.id).length,
    })),
    sent: data.messages.map(({ authorId: _me, toId, ...message }) => ({
      ...message,
      to: named(data, toId),
      attachments: data.attachments.filter((file) => file.messageId === message.id).map((file) => attachmentEntry(file, fileOf)),
    })),
    uploadsNotSent: data.attachments.filter((file) => file.messageId === null).map((file) => attachmentEntry(file, fileOf)),
    messageRequests: data.messageRequests.map((request) => {
      const sent = request.senderId === me;
      return {
        id: request.id,
        direction: sent ? 'sent' : 'received',
        member: named(data, sent ? request.recipientId : request.senderId),
        body: sent ? request.body : null,
        status: request.status,
        createdAt: request.createdAt,
        answeredAt: request.answeredAt,
      };
    }),
  };
}

/**
 * Whose words each kind of notification's body holds (events/notification-of.ts and the notices
 * sent through notifications/deliver.ts): the member's own (a snippet of their post) or the app's are kept; another
 * member's (a request's note, a message, a comment, a reply, a post or comment naming them) stay
 * out, as those texts do. Every kind must be placed here, and a kind the export does not know
 * (a row stored by a newer or older version) keeps no body: the rule fails safe.
 */
const BODY_OF_KIND: Record<NotificationKind, 'kept' | 'left out'> = {
  'connection.requested': 'left out',
  'connection.accepted': 'kept',
  'post.liked': 'kept',
  'post.commented': 'left out',
  'comment.replied': 'left out',
  'post.mentioned': 'left out',
  'comment.mentioned': 'left out',
  'message.received': 'left out',
  'message.requested': 'left out',
  'message.request_accepted': 'kept',
  'account.premium': 'kept',
  'account.changed': 'kept',
  'review.requested': 'kept',
  'review.received': 'left out',
  // A session's notices name its topic and the other side's reasons: the guest's words to the host, the host's to the guest.
  'session.requested': 'left out',
  'session.booked': 'left out',
  'session.confirmed': 'kept',
  'session.declined': 'kept',
  'session.cancelled': 'left out',
  'session.rescheduled': 'left out',
  'session.reminder': 'left out',
  'session.no_show': 'left out',
  'invitation.joined': 'kept',
  'match.made': 'kept',
  // The app's words and the member's own name for their search.
  'search.new_matches': 'kept',
  // The app's words: names of the members shortlisted or matched, no one's text.
  'shortlist.weekly': 'kept',
  'match.checkin': 'kept',
  'verification.withdrawn': 'kept',
};

const keepsBody = (kind: string) => Object.hasOwn(BODY_OF_KIND, kind) && BODY_OF_KIND[kind as NotificationKind] === 'kept';

function notificationsDocument(data: MemberData) {
  return data.notifications.map(({ userId: _me, senderId, body, ...notification }) => ({
    ...notification,
    body: keepsBody(notification.kind) ? body : null,
    from: named(data, senderId),
  }));
}

function attachmentEntry(file: MemberData['attachments'][number], fileOf: DocumentContext['fileOf']) {
  return { id: file.id, name: file.name, mime: file.mime, size: file.size, width: file.width, height: file.height, createdAt: file.createdAt, file: fileOf(file.storageKey) };
}

function profileViewsDocument(data: MemberData, { now }: DocumentContext) {
  const premium = accountIsPremium({ user: data.user, founder: data.founder });
  const windowStart = viewsWindowStart(now).toISOString();
  // The rows the views screen lists, newest first: a free member sees the first few of the whole
  // list named, blocked members then left out (blocking never names a viewer that was locked).
  const listed = [...data.viewsOfMe].filter((view) => view.viewedAt >= windowStart).sort((a, b) => b.viewedAt.localeCompare(a.viewedAt));
  const nameable = new Set((premium ? listed : listed.slice(0, FREE_VIEWERS)).filter((view) => !data.blockedEitherWay.has(view.viewerId)));
  return {
    viewsOfYourProfile: data.viewsOfMe.map((view) => ({
      viewedAt: view.viewedAt,
      private: view.private,
      viewer: !view.private && nameable.has(view) ? named(data, view.viewerId) : null,
    })),
    profilesYouViewed: data.viewsByMe.map((view) => ({ member: named(data, view.viewedId), viewedAt: view.viewedAt, private: view.private })),
  };
}

function signInMethodsDocument(data: MemberData, { identities }: DocumentContext) {
  return {
    email: data.user.email,
    password: hasPassword(data.user.passwordHash),
    providers: identities.map((identity) => ({ provider: identity.provider, email: identity.email, linkedAt: identity.createdAt })),
  };
}

function subscriptionDocument(data: MemberData) {
  return {
    premium: accountIsPremium({ user: data.user, founder: data.founder }),
    paymentProviderCustomer: data.billingCustomer && { id: data.billingCustomer.customerId, createdAt: data.billingCustomer.createdAt },
    subscriptions: data.subscriptions.map(({ userId: _me, ...subscription }) => subscription),
    history: data.subscriptionEvents.map(({ userId: _me, ...event }) => event),
    premiumGrantedBy: data.premiumGrant ? { administrator: true, since: data.premiumGrant.createdAt } : null,
    cardData: 'FounderMesh never holds card numbers: payments are made on the payment provider’s page.',
  };
}

/**
 * The member's office hours and sessions. A session's agenda and a cancellation's reason are
 * the words of whoever wrote them: the guest's agenda is in the guest's archive, a reason in
 * the archive of the side that cancelled; the other side's archive names the session only.
 * A review's text is in its author's archive, the host's answer in the host's; the host's
 * archive keeps the rating of each review they received, and no reviewer's words.
 */
function sessionsDocument(data: MemberData) {
  const me = data.user.id;
  return {
    officeHours: data.officeHours && (({ userId: _me, ...rules }) => rules)(data.officeHours),
    sessions: data.bookings.map((row) => ({
      id: row.id,
      role: row.hostId === me ? 'host' : 'guest',
      with: named(data, row.hostId === me ? row.guestId : row.hostId),
      startsAt: new Date(row.startsAt).toISOString(),
      endsAt: new Date(row.endsAt).toISOString(),
      status: row.status,
      topic: row.topic,
      ...(row.guestId === me ? { agenda: row.agenda, yourTimeZone: row.guestTimeZone } : {}),
      ...(row.cancelledBy === me ? { cancelReason: row.cancelReason } : {}),
      ...(row.rescheduledBy === me ? { rescheduleReason: row.rescheduleReason } : {}),
      ...(row.rescheduledFrom !== null ? { movedFrom: new Date(row.rescheduledFrom).toISOString() } : {}),
      ...(row.hostId === me && row.noShowReason ? { noShowNote: row.noShowReason } : {}),
      bookedAt: row.createdAt,
    })),
    calendarFeed: data.calendarFeed && { active: true, since: data.calendarFeed.createdAt, url: 'Shown once when it was made; make a new one in your availability settings.' },
    // A review's words are its author's and an answer's the host's: each archive keeps its own.
    reviewsWritten: data.sessionReviews
      .filter((row) => row.guestId === me)
      .map((row) => ({
        id: row.id,
        session: row.bookingId,
        host: named(data, row.hostId),
        rating: row.rating,
        text: row.text,
        writtenAt: row.createdAt,
        hidden: row.hiddenAt !== null,
      })),
    reviewsReceived: data.sessionReviews
      .filter((row) => row.hostId === me)
      .map((row) => ({
        id: row.id,
        session: row.bookingId,
        rating: row.rating,
        yourAnswer: row.answer,
        answeredAt: row.answeredAt,
        receivedAt: row.createdAt,
        hidden: row.hiddenAt !== null,
      })),
  };
}

/**
 * The invitations the member sent (the addresses they typed, what became of each, who joined)
 * and who invited them, when they joined through an invitation.
 */
function invitationsDocument(data: MemberData) {
  const me = data.user.id;
  const joinedThrough = data.invitations.find((row) => row.inviteeId === me);
  return {
    sent: data.invitations
      .filter((row) => row.inviterId === me)
      .map((row) => ({ email: row.email, sentAt: row.createdAt, expiresAt: row.expiresAt, joinedAt: row.joinedAt, joined: row.inviteeId ? named(data, row.inviteeId) : null })),
    invitedBy: joinedThrough ? { member: joinedThrough.inviterId ? named(data, joinedThrough.inviterId) : null, joinedAt: joinedThrough.joinedAt } : null,
  };
}

/**
 * The member's introductions: their own answers on candidates and their matches. Who said
 * Interested in the member is the other member's choice and stays out (free members never see it either).
 * Their weekly shortlists, and their own answers to "Did you meet?" (the other side's stay out).
 */
function introductionsDocument(data: MemberData) {
  const me = data.user.id;
  return {
    answers: data.matchIntents.map((row) => ({ member: named(data, row.candidateId), answer: row.kind, at: row.createdAt, hiddenUntil: row.expiresAt })),
    matches: data.matches.map((row) => ({ id: row.id, with: named(data, row.firstId === me ? row.secondId : row.firstId), matchedAt: row.createdAt })),
    shortlists: data.shortlists.map((row) => ({
      week: row.week,
      sentAt: row.createdAt,
      members: data.shortlistPicks.filter((pick) => pick.week === row.week).map((pick) => ({ member: named(data, pick.candidateId), score: pick.score })),
    })),
    didYouMeet: data.matchCheckins.map((row) => ({
      match: row.matchId,
      with: named(data, row.otherId),
      askedAt: row.askedAt,
      met: row.met,
      outcome: row.outcome,
      answeredAt: row.answeredAt,
    })),
  };
}

/** The member's saved people with their private notes, and their saved searches. */
function savedDocument(data: MemberData) {
  return {
    people: data.savedMembers.map((row) => ({ member: named(data, row.memberId), note: row.note, savedAt: row.createdAt, updatedAt: row.updatedAt })),
    searches: data.savedSearches.map(({ userId: _me, ...search }) => search),
  };
}

/** The JSON documents of the archive, in the order they are written. */
export function documentsOf(data: MemberData, context: DocumentContext): ExportDocument[] {
  return [
    { path: 'profile.json', content: profileDocument(data, context) },
    { path: 'posts.json', content: postsDocument(data, context) },
    { path: 'comments.json', content: { comments: data.comments, replies: data.replies } },
    { path: 'reactions.json', content: data.likes.map((like) => ({ reaction: 'like', ...like })) },
    { path: 'votes.json', content: data.votes },
    { path: 'connections.json', content: connectionsDocument(data) },
    { path: 'messages.json', content: messagesDocument(data, context) },
    { path: 'notifications.json', content: notificationsDocument(data) },
    { path: 'profile-views.json', content: profileViewsDocument(data, context) },
    { path: 'sign-in-methods.json', content: signInMethodsDocument(data, context) },
    { path: 'subscription.json', content: subscriptionDocument(data) },
    { path: 'consents.json', content: data.consents.map(({ id: _id, userId: _me, ...consent }) => consent) },
    { path: 'sessions.json', content: sessionsDocument(data) },
    { path: 'invitations.json', content: invitationsDocument(data) },
    { path: 'introductions.json', content: introductionsDocument(data) },
    { path: 'saved.json', content: savedDocument(data) },
    { path: 'verification.json', content: verificationDocument(data) },
  ];
}
