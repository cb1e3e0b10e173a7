-- Sessions a sign-in stored after its member was deleted or suspended, before sign-in locked the
-- member's row (docs/security.md, "Sessions end with the password"). Every request refuses them
-- now; deleting them keeps a restored member's old sessions from coming back to life.
delete from sessions s
 using users u
 where u.id = s.user_id
   and (u.deleted_at is not null or u.suspended_at is not null);
