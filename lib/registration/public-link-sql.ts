// The rows behind a public registration link ($1 = the ref), with the registration, its credentials
// and the workspace: the one definition of "a live public link" that the wizard's reads share.
export const PUBLIC_LINK_FROM = `from silo_meta m
   join silo_entries e on e.id = m.entry_id
   join workspaces w on w.id = e.owner_id
   join registrations r on r.entry_id = e.id
   left join registration_credentials c on c.entry_id = e.id
   left join registration_pending_credentials p on p.entry_id = e.id
   where m.ref = $1 and m.src = 'gov-ar' and m.key = 'link' and m.link_scope = 'public'`;
