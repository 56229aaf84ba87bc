export { createWorkflow } from './create-workflow';
export { updateWorkflow } from './update-workflow';
export { getWorkflow, listWorkflows } from './get-workflow';
export { getWorkflowNames } from './get-workflow-names';
export { createJob } from './create-job';
export { queueWebhookNotices } from './queue-webhook-notices';
export { getJob, getJobByKey } from './get-job';
export { listJobs } from './list-jobs';
export { waitForJob } from './wait-for-job';
export { resumeJobsWaitingOn } from './resume-jobs-waiting-on';
export { latestJobStatusSql } from './latest-job-status-sql';
export { startRunner } from './runner/start-runner';
export type { Runner } from './runner/start-runner';
export { wakeRunner } from './runner/wake';
export type { JobSlot, StepContext, StepHandler, StepHandlers, StepOutcome } from './runner/types';
export { TRANSFORM_STEP_HANDLERS } from './steps';
export type { Job, JobEvent, JobFault, JobIntent, JobSummary } from './job';
export type { Workflow } from './workflow';
export {
  JOB_STATUSES,
  STEP_PROVIDERS,
  WEBHOOK_SUBSCRIPTIONS,
  createJobBody,
  pdfConfigSchema,
  PDF_LAYOUTS,
  PDF_LOCALES,
} from './schemas';
export type {
  Step,
  WebhookConfig,
  WebhookSubscription,
  JobStatus,
  StepProvider,
  PdfConfig,
} from './schemas';
export { isJobFaultCode } from './fault-codes';
export type { JobFaultCode } from './fault-codes';
export { countUnfinishedJobs } from './count-unfinished-jobs';
export type { UnfinishedJobCount } from './count-unfinished-jobs';
export { resealWebhookSecrets } from './reseal-webhook-secrets';
export { TEMPLATE_NAMES } from './templates';
export type { TemplateId } from './templates';
export type { WorkflowName } from './get-workflow-names';
export { SENT_KEPT_MESSAGE } from './steps/silo-state';
