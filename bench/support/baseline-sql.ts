// The app's statements for the three measured endpoints, letter for letter (a unit test compares
// them with lib/silo/get-entry.ts, lib/silo/insert-entry.ts and lib/transform/insert-job.ts): the
// baseline must do the same SQL, so the ratio is the app's own cost.
export const ENTRY_WITH_META = `select e.*, coalesce((
     select json_agg(json_build_object(
       'id', m.id, 'owner_id', m.owner_id, 'entry_id', m.entry_id, 'src', m.src, 'key', m.key, 'ref', m.ref, 'link_url', m.link_url,
       'link_scope', m.link_scope, 'value', m.value, 'indexed', m.indexed, 'shared', m.shared, 'created_at', m.created_at, 'updated_at', m.updated_at)
       order by m.created_at)
     from silo_meta m where m.entry_id = e.id), '[]'::json) as meta
   from silo_entries e where e.id = $1 and e.owner_id = $2`;

export const INSERT_ENTRY_WITH_STATE = `with inserted as (
     insert into silo_entries (id, owner_id, key, folder, doc_schema, env_schema, data, request_hash)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)
     on conflict do nothing
     returning *),
   state as (insert into silo_entry_states (entry_id, state) select id, 'empty' from inserted)
   select * from inserted`;

export const INSERT_JOB_IF_REFERENCES_EXIST = `insert into transform_jobs (id, owner_id, key, workflow_id, silo_entry_id, args, tags, request_hash)
   select $1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8
   where exists (select 1 from transform_workflows where id = $4 and owner_id = $2)
     and exists (select 1 from silo_entries where id = $5 and owner_id = $2)
   on conflict do nothing
   returning *`;
