/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  mutation DeleteAccount($password: String!) {\n    deleteAccount(password: $password)\n  }\n": typeof types.DeleteAccountDocument,
    "\n  query AdminModerationQueue($first: Int!) {\n    adminModerationQueue(first: $first) {\n      total\n      items {\n        state\n        openReports\n        screening\n        waitingSince\n        creation {\n          id\n          prompt\n          content\n          published\n        }\n        owner {\n          id\n          email\n          firstName\n          suspendedAt\n        }\n        reports {\n          id\n          reason\n          note\n          createdAt\n          resolvedAt\n        }\n      }\n    }\n  }\n": typeof types.AdminModerationQueueDocument,
    "\n  mutation AdminHideCreation($id: ID!, $reason: String!) {\n    adminHideCreation(id: $id, reason: $reason) {\n      state\n      creation {\n        id\n      }\n    }\n  }\n": typeof types.AdminHideCreationDocument,
    "\n  mutation AdminRestoreCreation($id: ID!, $reason: String) {\n    adminRestoreCreation(id: $id, reason: $reason) {\n      state\n      creation {\n        id\n      }\n    }\n  }\n": typeof types.AdminRestoreCreationDocument,
    "\n  query AdminUsers($search: String, $first: Int!) {\n    adminUsers(search: $search, first: $first) {\n      ...AdminUserRow\n    }\n  }\n": typeof types.AdminUsersDocument,
    "\n  fragment AdminUserRow on AdminUser {\n    id\n    email\n    firstName\n    lastName\n    plan\n    role\n    suspendedAt\n    suspendedReason\n    createdAt\n  }\n": typeof types.AdminUserRowFragmentDoc,
    "\n  mutation AdminSuspendUser($id: ID!, $reason: String!) {\n    adminSuspendUser(id: $id, reason: $reason) {\n      ...AdminUserRow\n    }\n  }\n": typeof types.AdminSuspendUserDocument,
    "\n  mutation AdminRestoreUser($id: ID!, $reason: String) {\n    adminRestoreUser(id: $id, reason: $reason) {\n      ...AdminUserRow\n    }\n  }\n": typeof types.AdminRestoreUserDocument,
    "\n  mutation AdminSetUserRole($id: ID!, $role: Role!) {\n    adminSetUserRole(id: $id, role: $role) {\n      ...AdminUserRow\n    }\n  }\n": typeof types.AdminSetUserRoleDocument,
    "\n  query AdminAuditLog($first: Int!) {\n    adminAuditLog(first: $first) {\n      id\n      action\n      targetType\n      targetId\n      reason\n      details\n      createdAt\n      actor {\n        id\n        email\n      }\n    }\n  }\n": typeof types.AdminAuditLogDocument,
    "\n  query AdminJobs($first: Int!, $failedOnly: Boolean!) {\n    adminJobs(first: $first, failedOnly: $failedOnly) {\n      id\n      kind\n      phase\n      errorCode\n      error\n      attempts\n      userEmail\n      createdAt\n      finishedAt\n    }\n  }\n": typeof types.AdminJobsDocument,
    "\n  query AdminFailingWebhooks($first: Int!) {\n    adminFailingWebhooks(first: $first) {\n      id\n      url\n      enabled\n      userEmail\n      failed\n      retrying\n      lastError\n      lastStatus\n      lastFailureAt\n    }\n  }\n": typeof types.AdminFailingWebhooksDocument,
    "\n  query AdminFigures {\n    adminFigures {\n      users\n      suspendedUsers\n      creations\n      publishedCreations\n      heldCreations\n      hiddenCreations\n      openReports\n      storage\n      files\n      localBytes\n      failedJobs24h\n      queues {\n        name\n        waiting\n        active\n        delayed\n        failed\n        oldestWaitingSeconds\n      }\n    }\n  }\n": typeof types.AdminFiguresDocument,
    "\n  fragment ApiKeyFields on ApiKey {\n    id\n    name\n    maskedKey\n    scopes\n    createdAt\n    lastUsedAt\n    revokedAt\n    jobsThisMonth\n    requestsThisMonth\n  }\n": typeof types.ApiKeyFieldsFragmentDoc,
    "\n  query ApiKeys {\n    apiKeys {\n      ...ApiKeyFields\n    }\n  }\n": typeof types.ApiKeysDocument,
    "\n  mutation CreateApiKey($name: String!, $scopes: [ApiKeyScope!]!) {\n    createApiKey(name: $name, scopes: $scopes) {\n      key\n      apiKey {\n        ...ApiKeyFields\n      }\n    }\n  }\n": typeof types.CreateApiKeyDocument,
    "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      revokedAt\n    }\n  }\n": typeof types.RevokeApiKeyDocument,
    "\n  mutation GenerateArticle($input: GenerateArticleInput!, $jobId: ID) {\n    generateArticle(input: $input, jobId: $jobId) {\n      id\n      phase\n      percent\n      message\n    }\n  }\n": typeof types.GenerateArticleDocument,
    "\n  query AuthConfig {\n    authConfig {\n      provider\n      clerkPublishableKey\n    }\n  }\n": typeof types.AuthConfigDocument,
    "\n  query Me {\n    me {\n      id\n      email\n      emailVerified\n      firstName\n      lastName\n      fullName\n      imageUrl\n      plan\n      role\n      suspended\n      suspendedReason\n    }\n  }\n": typeof types.MeDocument,
    "\n  mutation SignIn($email: String!, $password: String!) {\n    signIn(email: $email, password: $password) {\n      token\n      user {\n        id\n      }\n    }\n  }\n": typeof types.SignInDocument,
    "\n  mutation SignUp($input: SignUpInput!) {\n    signUp(input: $input) {\n      token\n      user {\n        id\n      }\n    }\n  }\n": typeof types.SignUpDocument,
    "\n  mutation SignOut {\n    signOut\n  }\n": typeof types.SignOutDocument,
    "\n  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {\n    changePassword(currentPassword: $currentPassword, newPassword: $newPassword) {\n      token\n    }\n  }\n": typeof types.ChangePasswordDocument,
    "\n  mutation RemoveBackground(\n    $image: Upload\n    $sourceCreationId: ID\n    $background: BackgroundFill\n    $color: String\n    $backgroundImage: Upload\n    $crop: Boolean\n    $margin: Int\n    $shadow: Boolean\n    $format: ImageOutputFormat\n    $quality: Int\n  ) {\n    removeBackground(\n      image: $image\n      sourceCreationId: $sourceCreationId\n      background: $background\n      color: $color\n      backgroundImage: $backgroundImage\n      crop: $crop\n      margin: $margin\n      shadow: $shadow\n      format: $format\n      quality: $quality\n    ) {\n      id\n      phase\n      percent\n      message\n    }\n  }\n": typeof types.RemoveBackgroundDocument,
    "\n  fragment BatchFields on Batch {\n    id\n    kind\n    status\n    runs\n    zipUrl\n    createdAt\n    steps {\n      tool\n      options\n    }\n    counts {\n      total\n      queued\n      running\n      completed\n      failed\n      cancelled\n    }\n    pictures {\n      index\n      jobId\n      filename\n      phase\n      percent\n      step\n      message\n      error\n      creation {\n        id\n        content\n      }\n    }\n  }\n": typeof types.BatchFieldsFragmentDoc,
    "\n  query MyBatches($first: Int!) {\n    myBatches(first: $first) {\n      ...BatchFields\n    }\n  }\n": typeof types.MyBatchesDocument,
    "\n  subscription BatchProgress($batchId: ID!) {\n    batchProgress(batchId: $batchId) {\n      ...BatchFields\n    }\n  }\n": typeof types.BatchProgressDocument,
    "\n  mutation CancelBatch($id: ID!) {\n    cancelBatch(id: $id) {\n      ...BatchFields\n    }\n  }\n": typeof types.CancelBatchDocument,
    "\n  mutation StartBatch($steps: [BatchStepInput!]!, $images: [Upload!], $zip: Upload) {\n    startBatch(steps: $steps, images: $images, zip: $zip) {\n      ...BatchFields\n    }\n  }\n": typeof types.StartBatchDocument,
    "\n  fragment BillingFields on Billing {\n    mode\n    plan\n    status\n    trialEndsAt\n    currentPeriodEnd\n    cancelAtPeriodEnd\n    daysLeft\n    canStartTrial\n    textUsedThisMonth\n    freeTextQuota\n  }\n": typeof types.BillingFieldsFragmentDoc,
    "\n  query Billing {\n    billing {\n      ...BillingFields\n    }\n  }\n": typeof types.BillingDocument,
    "\n  mutation StartTrial {\n    startTrial {\n      ...BillingFields\n    }\n  }\n": typeof types.StartTrialDocument,
    "\n  mutation CancelSubscription {\n    cancelSubscription {\n      ...BillingFields\n    }\n  }\n": typeof types.CancelSubscriptionDocument,
    "\n  mutation ResumeSubscription {\n    resumeSubscription {\n      ...BillingFields\n    }\n  }\n": typeof types.ResumeSubscriptionDocument,
    "\n  mutation StartCheckout {\n    startCheckout\n  }\n": typeof types.StartCheckoutDocument,
    "\n  mutation OpenBillingPortal {\n    openBillingPortal\n  }\n": typeof types.OpenBillingPortalDocument,
    "\n  mutation GenerateBlogTitles($input: GenerateBlogTitlesInput!, $jobId: ID) {\n    generateBlogTitles(input: $input, jobId: $jobId) {\n      id\n      phase\n      percent\n      message\n    }\n  }\n": typeof types.GenerateBlogTitlesDocument,
    "\n  query CommunityFeed($first: Int!, $after: String) {\n    communityFeed(first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          ...CommunityCreation\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.CommunityFeedDocument,
    "\n  fragment CommunityCreation on Creation {\n    id\n    type\n    prompt\n    content\n    published\n    moderation\n    sensitive\n    likeCount\n    likedByMe\n    likes\n    createdAt\n    provider\n    placeholder\n    madeBy\n    user {\n      firstName\n    }\n  }\n": typeof types.CommunityCreationFragmentDoc,
    "\n  mutation ToggleLike($creationId: ID!) {\n    toggleLike(creationId: $creationId) {\n      id\n      likeCount\n      likedByMe\n      likes\n    }\n  }\n": typeof types.ToggleLikeDocument,
    "\n  subscription FeedLikeChanged {\n    likeChanged {\n      creationId\n      likeCount\n      likedByMe\n    }\n  }\n": typeof types.FeedLikeChangedDocument,
    "\n  subscription CreationRemoved {\n    creationRemoved\n  }\n": typeof types.CreationRemovedDocument,
    "\n  mutation ReportCreation($creationId: ID!, $reason: ReportReason!, $note: String) {\n    reportCreation(creationId: $creationId, reason: $reason, note: $note) {\n      id\n    }\n  }\n": typeof types.ReportCreationDocument,
    "\n  subscription CreationPublished {\n    creationPublished {\n      ...CommunityCreation\n    }\n  }\n": typeof types.CreationPublishedDocument,
    "\n  mutation SetCreationPublished($id: ID!, $publish: Boolean!) {\n    setCreationPublished(id: $id, publish: $publish) {\n      ...CommunityCreation\n    }\n  }\n": typeof types.SetCreationPublishedDocument,
    "\n  fragment ModerationState on Creation {\n    id\n    moderation\n  }\n": typeof types.ModerationStateFragmentDoc,
    "\n  fragment PublishState on Creation {\n    id\n    published\n  }\n": typeof types.PublishStateFragmentDoc,
    "\n  query CreationMine($id: ID!) {\n    creation(id: $id) {\n      id\n      mine\n    }\n  }\n": typeof types.CreationMineDocument,
    "\n  query MyCreations($first: Int!, $after: String) {\n    myCreations(first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          type\n          prompt\n          content\n          provider\n          placeholder\n          madeBy\n          published\n          moderation\n          createdAt\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.MyCreationsDocument,
    "\n  mutation RequestPasswordReset($email: String!) {\n    requestPasswordReset(email: $email)\n  }\n": typeof types.RequestPasswordResetDocument,
    "\n  mutation ResetPassword($token: String!, $newPassword: String!) {\n    resetPassword(token: $token, newPassword: $newPassword) {\n      token\n    }\n  }\n": typeof types.ResetPasswordDocument,
    "\n  mutation VerifyEmail($token: String!) {\n    verifyEmail(token: $token)\n  }\n": typeof types.VerifyEmailDocument,
    "\n  mutation ResendVerificationEmail {\n    resendVerificationEmail\n  }\n": typeof types.ResendVerificationEmailDocument,
    "\n  mutation RequestEmailChange($newEmail: String!, $password: String!) {\n    requestEmailChange(newEmail: $newEmail, password: $password)\n  }\n": typeof types.RequestEmailChangeDocument,
    "\n  mutation ConfirmEmailChange($token: String!) {\n    confirmEmailChange(token: $token) {\n      id\n      email\n      emailVerified\n    }\n  }\n": typeof types.ConfirmEmailChangeDocument,
    "\n  query Engines {\n    engines {\n      image {\n        name\n        label\n        model\n        placeholder\n        options\n      }\n      text {\n        name\n        label\n        model\n        placeholder\n        options\n      }\n    }\n  }\n": typeof types.EnginesDocument,
    "\n  mutation GenerateImage($input: GenerateImageInput!, $jobId: ID) {\n    generateImage(input: $input, jobId: $jobId) {\n      id\n      phase\n      percent\n      message\n    }\n  }\n": typeof types.GenerateImageDocument,
    "\n  query CreationBatch($id: ID!) {\n    creation(id: $id) {\n      id\n      batch {\n        id\n        content\n        placeholder\n      }\n    }\n  }\n": typeof types.CreationBatchDocument,
    "\n  subscription JobProgress($jobId: ID!, $starting: Boolean) {\n    jobProgress(jobId: $jobId, starting: $starting) {\n      jobId\n      phase\n      percent\n      delta\n      offset\n      message\n      preview\n      creation {\n        id\n        type\n        prompt\n        content\n        provider\n        placeholder\n        madeBy\n        note\n        createdAt\n      }\n    }\n  }\n": typeof types.JobProgressDocument,
    "\n  mutation CancelJob($id: ID!) {\n    cancelJob(id: $id) {\n      id\n      phase\n      percent\n      message\n    }\n  }\n": typeof types.CancelJobDocument,
    "\n  query Job($id: ID!) {\n    job(id: $id) {\n      id\n      phase\n      percent\n      message\n      error\n      creation {\n        id\n        type\n        prompt\n        content\n        provider\n        placeholder\n        madeBy\n        note\n        createdAt\n      }\n    }\n  }\n": typeof types.JobDocument,
    "\n  mutation SubscribeNewsletter($email: String!) {\n    subscribeNewsletter(email: $email)\n  }\n": typeof types.SubscribeNewsletterDocument,
    "\n  mutation RemoveObject($image: Upload, $sourceCreationId: ID, $object: String, $mask: Upload, $format: ImageOutputFormat, $quality: Int) {\n    removeObject(image: $image, sourceCreationId: $sourceCreationId, object: $object, mask: $mask, format: $format, quality: $quality) {\n      id\n      phase\n      percent\n      message\n    }\n  }\n": typeof types.RemoveObjectDocument,
    "\n  mutation ReviewResume($resume: Upload!) {\n    reviewResume(resume: $resume) {\n      id\n      phase\n      percent\n      message\n    }\n  }\n": typeof types.ReviewResumeDocument,
    "\n  mutation SubmitContact($input: ContactInput!) {\n    submitContact(input: $input)\n  }\n": typeof types.SubmitContactDocument,
    "\n  mutation SubmitFeedback($input: FeedbackInput!) {\n    submitFeedback(input: $input)\n  }\n": typeof types.SubmitFeedbackDocument,
    "\n  mutation UpscaleImage($image: Upload, $sourceCreationId: ID, $scale: Int!, $format: ImageOutputFormat, $quality: Int) {\n    upscaleImage(image: $image, sourceCreationId: $sourceCreationId, scale: $scale, format: $format, quality: $quality) {\n      id\n      phase\n      percent\n      message\n    }\n  }\n": typeof types.UpscaleImageDocument,
    "\n  fragment WebhookEndpointFields on WebhookEndpoint {\n    id\n    url\n    events\n    description\n    enabled\n    secret\n    createdAt\n  }\n": typeof types.WebhookEndpointFieldsFragmentDoc,
    "\n  fragment WebhookDeliveryFields on WebhookDelivery {\n    id\n    endpointId\n    messageId\n    eventType\n    status\n    attempts\n    responseCode\n    lastError\n    nextAttemptAt\n    deliveredAt\n    createdAt\n  }\n": typeof types.WebhookDeliveryFieldsFragmentDoc,
    "\n  query WebhookEndpoints {\n    webhookEndpoints {\n      ...WebhookEndpointFields\n    }\n  }\n": typeof types.WebhookEndpointsDocument,
    "\n  query WebhookDeliveries($endpointId: ID!, $first: Int!) {\n    webhookDeliveries(endpointId: $endpointId, first: $first) {\n      ...WebhookDeliveryFields\n    }\n  }\n": typeof types.WebhookDeliveriesDocument,
    "\n  mutation CreateWebhookEndpoint($url: String!, $events: [String!]!, $description: String) {\n    createWebhookEndpoint(url: $url, events: $events, description: $description) {\n      ...WebhookEndpointFields\n    }\n  }\n": typeof types.CreateWebhookEndpointDocument,
    "\n  mutation SetWebhookEndpointEnabled($id: ID!, $enabled: Boolean!) {\n    updateWebhookEndpoint(id: $id, enabled: $enabled) {\n      ...WebhookEndpointFields\n    }\n  }\n": typeof types.SetWebhookEndpointEnabledDocument,
    "\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id)\n  }\n": typeof types.DeleteWebhookEndpointDocument,
    "\n  mutation RotateWebhookSecret($id: ID!) {\n    rotateWebhookSecret(id: $id) {\n      ...WebhookEndpointFields\n    }\n  }\n": typeof types.RotateWebhookSecretDocument,
    "\n  mutation SendTestWebhook($endpointId: ID!) {\n    sendTestWebhook(endpointId: $endpointId) {\n      ...WebhookDeliveryFields\n    }\n  }\n": typeof types.SendTestWebhookDocument,
    "\n  query SiteLinks {\n    siteLinks {\n      repositoryUrl\n      blogUrl\n      instagramUrl\n      youtubeUrl\n      linkedinUrl\n    }\n  }\n": typeof types.SiteLinksDocument,
    "\n  query UploadLimits {\n    uploadLimits {\n      maxBytes\n      imageTypes {\n        mime\n        name\n        extensions\n      }\n    }\n  }\n": typeof types.UploadLimitsDocument,
};
const documents: Documents = {
    "\n  mutation DeleteAccount($password: String!) {\n    deleteAccount(password: $password)\n  }\n": types.DeleteAccountDocument,
    "\n  query AdminModerationQueue($first: Int!) {\n    adminModerationQueue(first: $first) {\n      total\n      items {\n        state\n        openReports\n        screening\n        waitingSince\n        creation {\n          id\n          prompt\n          content\n          published\n        }\n        owner {\n          id\n          email\n          firstName\n          suspendedAt\n        }\n        reports {\n          id\n          reason\n          note\n          createdAt\n          resolvedAt\n        }\n      }\n    }\n  }\n": types.AdminModerationQueueDocument,
    "\n  mutation AdminHideCreation($id: ID!, $reason: String!) {\n    adminHideCreation(id: $id, reason: $reason) {\n      state\n      creation {\n        id\n      }\n    }\n  }\n": types.AdminHideCreationDocument,
    "\n  mutation AdminRestoreCreation($id: ID!, $reason: String) {\n    adminRestoreCreation(id: $id, reason: $reason) {\n      state\n      creation {\n        id\n      }\n    }\n  }\n": types.AdminRestoreCreationDocument,
    "\n  query AdminUsers($search: String, $first: Int!) {\n    adminUsers(search: $search, first: $first) {\n      ...AdminUserRow\n    }\n  }\n": types.AdminUsersDocument,
    "\n  fragment AdminUserRow on AdminUser {\n    id\n    email\n    firstName\n    lastName\n    plan\n    role\n    suspendedAt\n    suspendedReason\n    createdAt\n  }\n": types.AdminUserRowFragmentDoc,
    "\n  mutation AdminSuspendUser($id: ID!, $reason: String!) {\n    adminSuspendUser(id: $id, reason: $reason) {\n      ...AdminUserRow\n    }\n  }\n": types.AdminSuspendUserDocument,
    "\n  mutation AdminRestoreUser($id: ID!, $reason: String) {\n    adminRestoreUser(id: $id, reason: $reason) {\n      ...AdminUserRow\n    }\n  }\n": types.AdminRestoreUserDocument,
    "\n  mutation AdminSetUserRole($id: ID!, $role: Role!) {\n    adminSetUserRole(id: $id, role: $role) {\n      ...AdminUserRow\n    }\n  }\n": types.AdminSetUserRoleDocument,
    "\n  query AdminAuditLog($first: Int!) {\n    adminAuditLog(first: $first) {\n      id\n      action\n      targetType\n      targetId\n      reason\n      details\n      createdAt\n      actor {\n        id\n        email\n      }\n    }\n  }\n": types.AdminAuditLogDocument,
    "\n  query AdminJobs($first: Int!, $failedOnly: Boolean!) {\n    adminJobs(first: $first, failedOnly: $failedOnly) {\n      id\n      kind\n      phase\n      errorCode\n      error\n      attempts\n      userEmail\n      createdAt\n      finishedAt\n    }\n  }\n": types.AdminJobsDocument,
    "\n  query AdminFailingWebhooks($first: Int!) {\n    adminFailingWebhooks(first: $first) {\n      id\n      url\n      enabled\n      userEmail\n      failed\n      retrying\n      lastError\n      lastStatus\n      lastFailureAt\n    }\n  }\n": types.AdminFailingWebhooksDocument,
    "\n  query AdminFigures {\n    adminFigures {\n      users\n      suspendedUsers\n      creations\n      publishedCreations\n      heldCreations\n      hiddenCreations\n      openReports\n      storage\n      files\n      localBytes\n      failedJobs24h\n      queues {\n        name\n        waiting\n        active\n        delayed\n        failed\n        oldestWaitingSeconds\n      }\n    }\n  }\n": types.AdminFiguresDocument,
    "\n  fragment ApiKeyFields on ApiKey {\n    id\n    name\n    maskedKey\n    scopes\n    createdAt\n    lastUsedAt\n    revokedAt\n    jobsThisMonth\n    requestsThisMonth\n  }\n": types.ApiKeyFieldsFragmentDoc,
    "\n  query ApiKeys {\n    apiKeys {\n      ...ApiKeyFields\n    }\n  }\n": types.ApiKeysDocument,
    "\n  mutation CreateApiKey($name: String!, $scopes: [ApiKeyScope!]!) {\n    createApiKey(name: $name, scopes: $scopes) {\n      key\n      apiKey {\n        ...ApiKeyFields\n      }\n    }\n  }\n": types.CreateApiKeyDocument,
    "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      revokedAt\n    }\n  }\n": types.RevokeApiKeyDocument,
    "\n  mutation GenerateArticle($input: GenerateArticleInput!, $jobId: ID) {\n    generateArticle(input: $input, jobId: $jobId) {\n      id\n      phase\n      percent\n      message\n    }\n  }\n": types.GenerateArticleDocument,
    "\n  query AuthConfig {\n    authConfig {\n      provider\n      clerkPublishableKey\n    }\n  }\n": types.AuthConfigDocument,
    "\n  query Me {\n    me {\n      id\n      email\n      emailVerified\n      firstName\n      lastName\n      fullName\n      imageUrl\n      plan\n      role\n      suspended\n      suspendedReason\n    }\n  }\n": types.MeDocument,
    "\n  mutation SignIn($email: String!, $password: String!) {\n    signIn(email: $email, password: $password) {\n      token\n      user {\n        id\n      }\n    }\n  }\n": types.SignInDocument,
    "\n  mutation SignUp($input: SignUpInput!) {\n    signUp(input: $input) {\n      token\n      user {\n        id\n      }\n    }\n  }\n": types.SignUpDocument,
    "\n  mutation SignOut {\n    signOut\n  }\n": types.SignOutDocument,
    "\n  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {\n    changePassword(currentPassword: $currentPassword, newPassword: $newPassword) {\n      token\n    }\n  }\n": types.ChangePasswordDocument,
    "\n  mutation RemoveBackground(\n    $image: Upload\n    $sourceCreationId: ID\n    $background: BackgroundFill\n    $color: String\n    $backgroundImage: Upload\n    $crop: Boolean\n    $margin: Int\n    $shadow: Boolean\n    $format: ImageOutputFormat\n    $quality: Int\n  ) {\n    removeBackground(\n      image: $image\n      sourceCreationId: $sourceCreationId\n      background: $background\n      color: $color\n      backgroundImage: $backgroundImage\n      crop: $crop\n      margin: $margin\n      shadow: $shadow\n      format: $format\n      quality: $quality\n    ) {\n      id\n      phase\n      percent\n      message\n    }\n  }\n": types.RemoveBackgroundDocument,
    "\n  fragment BatchFields on Batch {\n    id\n    kind\n    status\n    runs\n    zipUrl\n    createdAt\n    steps {\n      tool\n      options\n    }\n    counts {\n      total\n      queued\n      running\n      completed\n      failed\n      cancelled\n    }\n    pictures {\n      index\n      jobId\n      filename\n      phase\n      percent\n      step\n      message\n      error\n      creation {\n        id\n        content\n      }\n    }\n  }\n": types.BatchFieldsFragmentDoc,
    "\n  query MyBatches($first: Int!) {\n    myBatches(first: $first) {\n      ...BatchFields\n    }\n  }\n": types.MyBatchesDocument,
    "\n  subscription BatchProgress($batchId: ID!) {\n    batchProgress(batchId: $batchId) {\n      ...BatchFields\n    }\n  }\n": types.BatchProgressDocument,
    "\n  mutation CancelBatch($id: ID!) {\n    cancelBatch(id: $id) {\n      ...BatchFields\n    }\n  }\n": types.CancelBatchDocument,
    "\n  mutation StartBatch($steps: [BatchStepInput!]!, $images: [Upload!], $zip: Upload) {\n    startBatch(steps: $steps, images: $images, zip: $zip) {\n      ...BatchFields\n    }\n  }\n": types.StartBatchDocument,
    "\n  fragment BillingFields on Billing {\n    mode\n    plan\n    status\n    trialEndsAt\n    currentPeriodEnd\n    cancelAtPeriodEnd\n    daysLeft\n    canStartTrial\n    textUsedThisMonth\n    freeTextQuota\n  }\n": types.BillingFieldsFragmentDoc,
    "\n  query Billing {\n    billing {\n      ...BillingFields\n    }\n  }\n": types.BillingDocument,
    "\n  mutation StartTrial {\n    startTrial {\n      ...BillingFields\n    }\n  }\n": types.StartTrialDocument,
    "\n  mutation CancelSubscription {\n    cancelSubscription {\n      ...BillingFields\n    }\n  }\n": types.CancelSubscriptionDocument,
    "\n  mutation ResumeSubscription {\n    resumeSubscription {\n      ...BillingFields\n    }\n  }\n": types.ResumeSubscriptionDocument,
    "\n  mutation StartCheckout {\n    startCheckout\n  }\n": types.StartCheckoutDocument,
    "\n  mutation OpenBillingPortal {\n    openBillingPortal\n  }\n": types.OpenBillingPortalDocument,
    "\n  mutation GenerateBlogTitles($input: GenerateBlogTitlesInput!, $jobId: ID) {\n    generateBlogTitles(input: $input, jobId: $jobId) {\n      id\n      phase\n      percent\n      message\n    }\n  }\n": types.GenerateBlogTitlesDocument,
    "\n  query CommunityFeed($first: Int!, $after: String) {\n    communityFeed(first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          ...CommunityCreation\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.CommunityFeedDocument,
    "\n  fragment CommunityCreation on Creation {\n    id\n    type\n    prompt\n    content\n    published\n    moderation\n    sensitive\n    likeCount\n    likedByMe\n    likes\n    createdAt\n    provider\n    placeholder\n    madeBy\n    user {\n      firstName\n    }\n  }\n": types.CommunityCreationFragmentDoc,
    "\n  mutation ToggleLike($creationId: ID!) {\n    toggleLike(creationId: $creationId) {\n      id\n      likeCount\n      likedByMe\n      likes\n    }\n  }\n": types.ToggleLikeDocument,
    "\n  subscription FeedLikeChanged {\n    likeChanged {\n      creationId\n      likeCount\n      likedByMe\n    }\n  }\n": types.FeedLikeChangedDocument,
    "\n  subscription CreationRemoved {\n    creationRemoved\n  }\n": types.CreationRemovedDocument,
    "\n  mutation ReportCreation($creationId: ID!, $reason: ReportReason!, $note: String) {\n    reportCreation(creationId: $creationId, reason: $reason, note: $note) {\n      id\n    }\n  }\n": types.ReportCreationDocument,
    "\n  subscription CreationPublished {\n    creationPublished {\n      ...CommunityCreation\n    }\n  }\n": types.CreationPublishedDocument,
    "\n  mutation SetCreationPublished($id: ID!, $publish: Boolean!) {\n    setCreationPublished(id: $id, publish: $publish) {\n      ...CommunityCreation\n    }\n  }\n": types.SetCreationPublishedDocument,
    "\n  fragment ModerationState on Creation {\n    id\n    moderation\n  }\n": types.ModerationStateFragmentDoc,
    "\n  fragment PublishState on Creation {\n    id\n    published\n  }\n": types.PublishStateFragmentDoc,
    "\n  query CreationMine($id: ID!) {\n    creation(id: $id) {\n      id\n      mine\n    }\n  }\n": types.CreationMineDocument,
    "\n  query MyCreations($first: Int!, $after: String) {\n    myCreations(first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          type\n          prompt\n          content\n          provider\n          placeholder\n          madeBy\n          published\n          moderation\n          createdAt\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.MyCreationsDocument,
    "\n  mutation RequestPasswordReset($email: String!) {\n    requestPasswordReset(email: $email)\n  }\n": types.RequestPasswordResetDocument,
    "\n  mutation ResetPassword($token: String!, $newPassword: String!) {\n    resetPassword(token: $token, newPassword: $newPassword) {\n      token\n    }\n  }\n": types.ResetPasswordDocument,
    "\n  mutation VerifyEmail($token: String!) {\n    verifyEmail(token: $token)\n  }\n": types.VerifyEmailDocument,
    "\n  mutation ResendVerificationEmail {\n    resendVerificationEmail\n  }\n": types.ResendVerificationEmailDocument,
    "\n  mutation RequestEmailChange($newEmail: String!, $password: String!) {\n    requestEmailChange(newEmail: $newEmail, password: $password)\n  }\n": types.RequestEmailChangeDocument,
    "\n  mutation ConfirmEmailChange($token: String!) {\n    confirmEmailChange(token: $token) {\n      id\n      email\n      emailVerified\n    }\n  }\n": types.ConfirmEmailChangeDocument,
    "\n  query Engines {\n    engines {\n      image {\n        name\n        label\n        model\n        placeholder\n        options\n      }\n      text {\n        name\n        label\n        model\n        placeholder\n        options\n      }\n    }\n  }\n": types.EnginesDocument,
    "\n  mutation GenerateImage($input: GenerateImageInput!, $jobId: ID) {\n    generateImage(input: $input, jobId: $jobId) {\n      id\n      phase\n      percent\n      message\n    }\n  }\n": types.GenerateImageDocument,
    "\n  query CreationBatch($id: ID!) {\n    creation(id: $id) {\n      id\n      batch {\n        id\n        content\n        placeholder\n      }\n    }\n  }\n": types.CreationBatchDocument,
    "\n  subscription JobProgress($jobId: ID!, $starting: Boolean) {\n    jobProgress(jobId: $jobId, starting: $starting) {\n      jobId\n      phase\n      percent\n      delta\n      offset\n      message\n      preview\n      creation {\n        id\n        type\n        prompt\n        content\n        provider\n        placeholder\n        madeBy\n        note\n        createdAt\n      }\n    }\n  }\n": types.JobProgressDocument,
    "\n  mutation CancelJob($id: ID!) {\n    cancelJob(id: $id) {\n      id\n      phase\n      percent\n      message\n    }\n  }\n": types.CancelJobDocument,
    "\n  query Job($id: ID!) {\n    job(id: $id) {\n      id\n      phase\n      percent\n      message\n      error\n      creation {\n        id\n        type\n        prompt\n        content\n        provider\n        placeholder\n        madeBy\n        note\n        createdAt\n      }\n    }\n  }\n": types.JobDocument,
    "\n  mutation SubscribeNewsletter($email: String!) {\n    subscribeNewsletter(email: $email)\n  }\n": types.SubscribeNewsletterDocument,
    "\n  mutation RemoveObject($image: Upload, $sourceCreationId: ID, $object: String, $mask: Upload, $format: ImageOutputFormat, $quality: Int) {\n    removeObject(image: $image, sourceCreationId: $sourceCreationId, object: $object, mask: $mask, format: $format, quality: $quality) {\n      id\n      phase\n      percent\n      message\n    }\n  }\n": types.RemoveObjectDocument,
    "\n  mutation ReviewResume($resume: Upload!) {\n    reviewResume(resume: $resume) {\n      id\n      phase\n      percent\n      message\n    }\n  }\n": types.ReviewResumeDocument,
    "\n  mutation SubmitContact($input: ContactInput!) {\n    submitContact(input: $input)\n  }\n": types.SubmitContactDocument,
    "\n  mutation SubmitFeedback($input: FeedbackInput!) {\n    submitFeedback(input: $input)\n  }\n": types.SubmitFeedbackDocument,
    "\n  mutation UpscaleImage($image: Upload, $sourceCreationId: ID, $scale: Int!, $format: ImageOutputFormat, $quality: Int) {\n    upscaleImage(image: $image, sourceCreationId: $sourceCreationId, scale: $scale, format: $format, quality: $quality) {\n      id\n      phase\n      percent\n      message\n    }\n  }\n": types.UpscaleImageDocument,
    "\n  fragment WebhookEndpointFields on WebhookEndpoint {\n    id\n    url\n    events\n    description\n    enabled\n    secret\n    createdAt\n  }\n": types.WebhookEndpointFieldsFragmentDoc,
    "\n  fragment WebhookDeliveryFields on WebhookDelivery {\n    id\n    endpointId\n    messageId\n    eventType\n    status\n    attempts\n    responseCode\n    lastError\n    nextAttemptAt\n    deliveredAt\n    createdAt\n  }\n": types.WebhookDeliveryFieldsFragmentDoc,
    "\n  query WebhookEndpoints {\n    webhookEndpoints {\n      ...WebhookEndpointFields\n    }\n  }\n": types.WebhookEndpointsDocument,
    "\n  query WebhookDeliveries($endpointId: ID!, $first: Int!) {\n    webhookDeliveries(endpointId: $endpointId, first: $first) {\n      ...WebhookDeliveryFields\n    }\n  }\n": types.WebhookDeliveriesDocument,
    "\n  mutation CreateWebhookEndpoint($url: String!, $events: [String!]!, $description: String) {\n    createWebhookEndpoint(url: $url, events: $events, description: $description) {\n      ...WebhookEndpointFields\n    }\n  }\n": types.CreateWebhookEndpointDocument,
    "\n  mutation SetWebhookEndpointEnabled($id: ID!, $enabled: Boolean!) {\n    updateWebhookEndpoint(id: $id, enabled: $enabled) {\n      ...WebhookEndpointFields\n    }\n  }\n": types.SetWebhookEndpointEnabledDocument,
    "\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id)\n  }\n": types.DeleteWebhookEndpointDocument,
    "\n  mutation RotateWebhookSecret($id: ID!) {\n    rotateWebhookSecret(id: $id) {\n      ...WebhookEndpointFields\n    }\n  }\n": types.RotateWebhookSecretDocument,
    "\n  mutation SendTestWebhook($endpointId: ID!) {\n    sendTestWebhook(endpointId: $endpointId) {\n      ...WebhookDeliveryFields\n    }\n  }\n": types.SendTestWebhookDocument,
    "\n  query SiteLinks {\n    siteLinks {\n      repositoryUrl\n      blogUrl\n      instagramUrl\n      youtubeUrl\n      linkedinUrl\n    }\n  }\n": types.SiteLinksDocument,
    "\n  query UploadLimits {\n    uploadLimits {\n      maxBytes\n      imageTypes {\n        mime\n        name\n        extensions\n      }\n    }\n  }\n": types.UploadLimitsDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteAccount($password: String!) {\n    deleteAccount(password: $password)\n  }\n"): (typeof documents)["\n  mutation DeleteAccount($password: String!) {\n    deleteAccount(password: $password)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminModerationQueue($first: Int!) {\n    adminModerationQueue(first: $first) {\n      total\n      items {\n        state\n        openReports\n        screening\n        waitingSince\n        creation {\n          id\n          prompt\n          content\n          published\n        }\n        owner {\n          id\n          email\n          firstName\n          suspendedAt\n        }\n        reports {\n          id\n          reason\n          note\n          createdAt\n          resolvedAt\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminModerationQueue($first: Int!) {\n    adminModerationQueue(first: $first) {\n      total\n      items {\n        state\n        openReports\n        screening\n        waitingSince\n        creation {\n          id\n          prompt\n          content\n          published\n        }\n        owner {\n          id\n          email\n          firstName\n          suspendedAt\n        }\n        reports {\n          id\n          reason\n          note\n          createdAt\n          resolvedAt\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminHideCreation($id: ID!, $reason: String!) {\n    adminHideCreation(id: $id, reason: $reason) {\n      state\n      creation {\n        id\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation AdminHideCreation($id: ID!, $reason: String!) {\n    adminHideCreation(id: $id, reason: $reason) {\n      state\n      creation {\n        id\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminRestoreCreation($id: ID!, $reason: String) {\n    adminRestoreCreation(id: $id, reason: $reason) {\n      state\n      creation {\n        id\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation AdminRestoreCreation($id: ID!, $reason: String) {\n    adminRestoreCreation(id: $id, reason: $reason) {\n      state\n      creation {\n        id\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminUsers($search: String, $first: Int!) {\n    adminUsers(search: $search, first: $first) {\n      ...AdminUserRow\n    }\n  }\n"): (typeof documents)["\n  query AdminUsers($search: String, $first: Int!) {\n    adminUsers(search: $search, first: $first) {\n      ...AdminUserRow\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AdminUserRow on AdminUser {\n    id\n    email\n    firstName\n    lastName\n    plan\n    role\n    suspendedAt\n    suspendedReason\n    createdAt\n  }\n"): (typeof documents)["\n  fragment AdminUserRow on AdminUser {\n    id\n    email\n    firstName\n    lastName\n    plan\n    role\n    suspendedAt\n    suspendedReason\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminSuspendUser($id: ID!, $reason: String!) {\n    adminSuspendUser(id: $id, reason: $reason) {\n      ...AdminUserRow\n    }\n  }\n"): (typeof documents)["\n  mutation AdminSuspendUser($id: ID!, $reason: String!) {\n    adminSuspendUser(id: $id, reason: $reason) {\n      ...AdminUserRow\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminRestoreUser($id: ID!, $reason: String) {\n    adminRestoreUser(id: $id, reason: $reason) {\n      ...AdminUserRow\n    }\n  }\n"): (typeof documents)["\n  mutation AdminRestoreUser($id: ID!, $reason: String) {\n    adminRestoreUser(id: $id, reason: $reason) {\n      ...AdminUserRow\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AdminSetUserRole($id: ID!, $role: Role!) {\n    adminSetUserRole(id: $id, role: $role) {\n      ...AdminUserRow\n    }\n  }\n"): (typeof documents)["\n  mutation AdminSetUserRole($id: ID!, $role: Role!) {\n    adminSetUserRole(id: $id, role: $role) {\n      ...AdminUserRow\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminAuditLog($first: Int!) {\n    adminAuditLog(first: $first) {\n      id\n      action\n      targetType\n      targetId\n      reason\n      details\n      createdAt\n      actor {\n        id\n        email\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminAuditLog($first: Int!) {\n    adminAuditLog(first: $first) {\n      id\n      action\n      targetType\n      targetId\n      reason\n      details\n      createdAt\n      actor {\n        id\n        email\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminJobs($first: Int!, $failedOnly: Boolean!) {\n    adminJobs(first: $first, failedOnly: $failedOnly) {\n      id\n      kind\n      phase\n      errorCode\n      error\n      attempts\n      userEmail\n      createdAt\n      finishedAt\n    }\n  }\n"): (typeof documents)["\n  query AdminJobs($first: Int!, $failedOnly: Boolean!) {\n    adminJobs(first: $first, failedOnly: $failedOnly) {\n      id\n      kind\n      phase\n      errorCode\n      error\n      attempts\n      userEmail\n      createdAt\n      finishedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminFailingWebhooks($first: Int!) {\n    adminFailingWebhooks(first: $first) {\n      id\n      url\n      enabled\n      userEmail\n      failed\n      retrying\n      lastError\n      lastStatus\n      lastFailureAt\n    }\n  }\n"): (typeof documents)["\n  query AdminFailingWebhooks($first: Int!) {\n    adminFailingWebhooks(first: $first) {\n      id\n      url\n      enabled\n      userEmail\n      failed\n      retrying\n      lastError\n      lastStatus\n      lastFailureAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AdminFigures {\n    adminFigures {\n      users\n      suspendedUsers\n      creations\n      publishedCreations\n      heldCreations\n      hiddenCreations\n      openReports\n      storage\n      files\n      localBytes\n      failedJobs24h\n      queues {\n        name\n        waiting\n        active\n        delayed\n        failed\n        oldestWaitingSeconds\n      }\n    }\n  }\n"): (typeof documents)["\n  query AdminFigures {\n    adminFigures {\n      users\n      suspendedUsers\n      creations\n      publishedCreations\n      heldCreations\n      hiddenCreations\n      openReports\n      storage\n      files\n      localBytes\n      failedJobs24h\n      queues {\n        name\n        waiting\n        active\n        delayed\n        failed\n        oldestWaitingSeconds\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ApiKeyFields on ApiKey {\n    id\n    name\n    maskedKey\n    scopes\n    createdAt\n    lastUsedAt\n    revokedAt\n    jobsThisMonth\n    requestsThisMonth\n  }\n"): (typeof documents)["\n  fragment ApiKeyFields on ApiKey {\n    id\n    name\n    maskedKey\n    scopes\n    createdAt\n    lastUsedAt\n    revokedAt\n    jobsThisMonth\n    requestsThisMonth\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApiKeys {\n    apiKeys {\n      ...ApiKeyFields\n    }\n  }\n"): (typeof documents)["\n  query ApiKeys {\n    apiKeys {\n      ...ApiKeyFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateApiKey($name: String!, $scopes: [ApiKeyScope!]!) {\n    createApiKey(name: $name, scopes: $scopes) {\n      key\n      apiKey {\n        ...ApiKeyFields\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateApiKey($name: String!, $scopes: [ApiKeyScope!]!) {\n    createApiKey(name: $name, scopes: $scopes) {\n      key\n      apiKey {\n        ...ApiKeyFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      revokedAt\n    }\n  }\n"): (typeof documents)["\n  mutation RevokeApiKey($id: ID!) {\n    revokeApiKey(id: $id) {\n      id\n      revokedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation GenerateArticle($input: GenerateArticleInput!, $jobId: ID) {\n    generateArticle(input: $input, jobId: $jobId) {\n      id\n      phase\n      percent\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation GenerateArticle($input: GenerateArticleInput!, $jobId: ID) {\n    generateArticle(input: $input, jobId: $jobId) {\n      id\n      phase\n      percent\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AuthConfig {\n    authConfig {\n      provider\n      clerkPublishableKey\n    }\n  }\n"): (typeof documents)["\n  query AuthConfig {\n    authConfig {\n      provider\n      clerkPublishableKey\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Me {\n    me {\n      id\n      email\n      emailVerified\n      firstName\n      lastName\n      fullName\n      imageUrl\n      plan\n      role\n      suspended\n      suspendedReason\n    }\n  }\n"): (typeof documents)["\n  query Me {\n    me {\n      id\n      email\n      emailVerified\n      firstName\n      lastName\n      fullName\n      imageUrl\n      plan\n      role\n      suspended\n      suspendedReason\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignIn($email: String!, $password: String!) {\n    signIn(email: $email, password: $password) {\n      token\n      user {\n        id\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SignIn($email: String!, $password: String!) {\n    signIn(email: $email, password: $password) {\n      token\n      user {\n        id\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignUp($input: SignUpInput!) {\n    signUp(input: $input) {\n      token\n      user {\n        id\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SignUp($input: SignUpInput!) {\n    signUp(input: $input) {\n      token\n      user {\n        id\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignOut {\n    signOut\n  }\n"): (typeof documents)["\n  mutation SignOut {\n    signOut\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {\n    changePassword(currentPassword: $currentPassword, newPassword: $newPassword) {\n      token\n    }\n  }\n"): (typeof documents)["\n  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {\n    changePassword(currentPassword: $currentPassword, newPassword: $newPassword) {\n      token\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveBackground(\n    $image: Upload\n    $sourceCreationId: ID\n    $background: BackgroundFill\n    $color: String\n    $backgroundImage: Upload\n    $crop: Boolean\n    $margin: Int\n    $shadow: Boolean\n    $format: ImageOutputFormat\n    $quality: Int\n  ) {\n    removeBackground(\n      image: $image\n      sourceCreationId: $sourceCreationId\n      background: $background\n      color: $color\n      backgroundImage: $backgroundImage\n      crop: $crop\n      margin: $margin\n      shadow: $shadow\n      format: $format\n      quality: $quality\n    ) {\n      id\n      phase\n      percent\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation RemoveBackground(\n    $image: Upload\n    $sourceCreationId: ID\n    $background: BackgroundFill\n    $color: String\n    $backgroundImage: Upload\n    $crop: Boolean\n    $margin: Int\n    $shadow: Boolean\n    $format: ImageOutputFormat\n    $quality: Int\n  ) {\n    removeBackground(\n      image: $image\n      sourceCreationId: $sourceCreationId\n      background: $background\n      color: $color\n      backgroundImage: $backgroundImage\n      crop: $crop\n      margin: $margin\n      shadow: $shadow\n      format: $format\n      quality: $quality\n    ) {\n      id\n      phase\n      percent\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BatchFields on Batch {\n    id\n    kind\n    status\n    runs\n    zipUrl\n    createdAt\n    steps {\n      tool\n      options\n    }\n    counts {\n      total\n      queued\n      running\n      completed\n      failed\n      cancelled\n    }\n    pictures {\n      index\n      jobId\n      filename\n      phase\n      percent\n      step\n      message\n      error\n      creation {\n        id\n        content\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment BatchFields on Batch {\n    id\n    kind\n    status\n    runs\n    zipUrl\n    createdAt\n    steps {\n      tool\n      options\n    }\n    counts {\n      total\n      queued\n      running\n      completed\n      failed\n      cancelled\n    }\n    pictures {\n      index\n      jobId\n      filename\n      phase\n      percent\n      step\n      message\n      error\n      creation {\n        id\n        content\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyBatches($first: Int!) {\n    myBatches(first: $first) {\n      ...BatchFields\n    }\n  }\n"): (typeof documents)["\n  query MyBatches($first: Int!) {\n    myBatches(first: $first) {\n      ...BatchFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription BatchProgress($batchId: ID!) {\n    batchProgress(batchId: $batchId) {\n      ...BatchFields\n    }\n  }\n"): (typeof documents)["\n  subscription BatchProgress($batchId: ID!) {\n    batchProgress(batchId: $batchId) {\n      ...BatchFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelBatch($id: ID!) {\n    cancelBatch(id: $id) {\n      ...BatchFields\n    }\n  }\n"): (typeof documents)["\n  mutation CancelBatch($id: ID!) {\n    cancelBatch(id: $id) {\n      ...BatchFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartBatch($steps: [BatchStepInput!]!, $images: [Upload!], $zip: Upload) {\n    startBatch(steps: $steps, images: $images, zip: $zip) {\n      ...BatchFields\n    }\n  }\n"): (typeof documents)["\n  mutation StartBatch($steps: [BatchStepInput!]!, $images: [Upload!], $zip: Upload) {\n    startBatch(steps: $steps, images: $images, zip: $zip) {\n      ...BatchFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BillingFields on Billing {\n    mode\n    plan\n    status\n    trialEndsAt\n    currentPeriodEnd\n    cancelAtPeriodEnd\n    daysLeft\n    canStartTrial\n    textUsedThisMonth\n    freeTextQuota\n  }\n"): (typeof documents)["\n  fragment BillingFields on Billing {\n    mode\n    plan\n    status\n    trialEndsAt\n    currentPeriodEnd\n    cancelAtPeriodEnd\n    daysLeft\n    canStartTrial\n    textUsedThisMonth\n    freeTextQuota\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Billing {\n    billing {\n      ...BillingFields\n    }\n  }\n"): (typeof documents)["\n  query Billing {\n    billing {\n      ...BillingFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartTrial {\n    startTrial {\n      ...BillingFields\n    }\n  }\n"): (typeof documents)["\n  mutation StartTrial {\n    startTrial {\n      ...BillingFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelSubscription {\n    cancelSubscription {\n      ...BillingFields\n    }\n  }\n"): (typeof documents)["\n  mutation CancelSubscription {\n    cancelSubscription {\n      ...BillingFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResumeSubscription {\n    resumeSubscription {\n      ...BillingFields\n    }\n  }\n"): (typeof documents)["\n  mutation ResumeSubscription {\n    resumeSubscription {\n      ...BillingFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartCheckout {\n    startCheckout\n  }\n"): (typeof documents)["\n  mutation StartCheckout {\n    startCheckout\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation OpenBillingPortal {\n    openBillingPortal\n  }\n"): (typeof documents)["\n  mutation OpenBillingPortal {\n    openBillingPortal\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation GenerateBlogTitles($input: GenerateBlogTitlesInput!, $jobId: ID) {\n    generateBlogTitles(input: $input, jobId: $jobId) {\n      id\n      phase\n      percent\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation GenerateBlogTitles($input: GenerateBlogTitlesInput!, $jobId: ID) {\n    generateBlogTitles(input: $input, jobId: $jobId) {\n      id\n      phase\n      percent\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CommunityFeed($first: Int!, $after: String) {\n    communityFeed(first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          ...CommunityCreation\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query CommunityFeed($first: Int!, $after: String) {\n    communityFeed(first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          ...CommunityCreation\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CommunityCreation on Creation {\n    id\n    type\n    prompt\n    content\n    published\n    moderation\n    sensitive\n    likeCount\n    likedByMe\n    likes\n    createdAt\n    provider\n    placeholder\n    madeBy\n    user {\n      firstName\n    }\n  }\n"): (typeof documents)["\n  fragment CommunityCreation on Creation {\n    id\n    type\n    prompt\n    content\n    published\n    moderation\n    sensitive\n    likeCount\n    likedByMe\n    likes\n    createdAt\n    provider\n    placeholder\n    madeBy\n    user {\n      firstName\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ToggleLike($creationId: ID!) {\n    toggleLike(creationId: $creationId) {\n      id\n      likeCount\n      likedByMe\n      likes\n    }\n  }\n"): (typeof documents)["\n  mutation ToggleLike($creationId: ID!) {\n    toggleLike(creationId: $creationId) {\n      id\n      likeCount\n      likedByMe\n      likes\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription FeedLikeChanged {\n    likeChanged {\n      creationId\n      likeCount\n      likedByMe\n    }\n  }\n"): (typeof documents)["\n  subscription FeedLikeChanged {\n    likeChanged {\n      creationId\n      likeCount\n      likedByMe\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription CreationRemoved {\n    creationRemoved\n  }\n"): (typeof documents)["\n  subscription CreationRemoved {\n    creationRemoved\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReportCreation($creationId: ID!, $reason: ReportReason!, $note: String) {\n    reportCreation(creationId: $creationId, reason: $reason, note: $note) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation ReportCreation($creationId: ID!, $reason: ReportReason!, $note: String) {\n    reportCreation(creationId: $creationId, reason: $reason, note: $note) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription CreationPublished {\n    creationPublished {\n      ...CommunityCreation\n    }\n  }\n"): (typeof documents)["\n  subscription CreationPublished {\n    creationPublished {\n      ...CommunityCreation\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetCreationPublished($id: ID!, $publish: Boolean!) {\n    setCreationPublished(id: $id, publish: $publish) {\n      ...CommunityCreation\n    }\n  }\n"): (typeof documents)["\n  mutation SetCreationPublished($id: ID!, $publish: Boolean!) {\n    setCreationPublished(id: $id, publish: $publish) {\n      ...CommunityCreation\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ModerationState on Creation {\n    id\n    moderation\n  }\n"): (typeof documents)["\n  fragment ModerationState on Creation {\n    id\n    moderation\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PublishState on Creation {\n    id\n    published\n  }\n"): (typeof documents)["\n  fragment PublishState on Creation {\n    id\n    published\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CreationMine($id: ID!) {\n    creation(id: $id) {\n      id\n      mine\n    }\n  }\n"): (typeof documents)["\n  query CreationMine($id: ID!) {\n    creation(id: $id) {\n      id\n      mine\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyCreations($first: Int!, $after: String) {\n    myCreations(first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          type\n          prompt\n          content\n          provider\n          placeholder\n          madeBy\n          published\n          moderation\n          createdAt\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): (typeof documents)["\n  query MyCreations($first: Int!, $after: String) {\n    myCreations(first: $first, after: $after) {\n      edges {\n        cursor\n        node {\n          id\n          type\n          prompt\n          content\n          provider\n          placeholder\n          madeBy\n          published\n          moderation\n          createdAt\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RequestPasswordReset($email: String!) {\n    requestPasswordReset(email: $email)\n  }\n"): (typeof documents)["\n  mutation RequestPasswordReset($email: String!) {\n    requestPasswordReset(email: $email)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResetPassword($token: String!, $newPassword: String!) {\n    resetPassword(token: $token, newPassword: $newPassword) {\n      token\n    }\n  }\n"): (typeof documents)["\n  mutation ResetPassword($token: String!, $newPassword: String!) {\n    resetPassword(token: $token, newPassword: $newPassword) {\n      token\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation VerifyEmail($token: String!) {\n    verifyEmail(token: $token)\n  }\n"): (typeof documents)["\n  mutation VerifyEmail($token: String!) {\n    verifyEmail(token: $token)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResendVerificationEmail {\n    resendVerificationEmail\n  }\n"): (typeof documents)["\n  mutation ResendVerificationEmail {\n    resendVerificationEmail\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RequestEmailChange($newEmail: String!, $password: String!) {\n    requestEmailChange(newEmail: $newEmail, password: $password)\n  }\n"): (typeof documents)["\n  mutation RequestEmailChange($newEmail: String!, $password: String!) {\n    requestEmailChange(newEmail: $newEmail, password: $password)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfirmEmailChange($token: String!) {\n    confirmEmailChange(token: $token) {\n      id\n      email\n      emailVerified\n    }\n  }\n"): (typeof documents)["\n  mutation ConfirmEmailChange($token: String!) {\n    confirmEmailChange(token: $token) {\n      id\n      email\n      emailVerified\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Engines {\n    engines {\n      image {\n        name\n        label\n        model\n        placeholder\n        options\n      }\n      text {\n        name\n        label\n        model\n        placeholder\n        options\n      }\n    }\n  }\n"): (typeof documents)["\n  query Engines {\n    engines {\n      image {\n        name\n        label\n        model\n        placeholder\n        options\n      }\n      text {\n        name\n        label\n        model\n        placeholder\n        options\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation GenerateImage($input: GenerateImageInput!, $jobId: ID) {\n    generateImage(input: $input, jobId: $jobId) {\n      id\n      phase\n      percent\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation GenerateImage($input: GenerateImageInput!, $jobId: ID) {\n    generateImage(input: $input, jobId: $jobId) {\n      id\n      phase\n      percent\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CreationBatch($id: ID!) {\n    creation(id: $id) {\n      id\n      batch {\n        id\n        content\n        placeholder\n      }\n    }\n  }\n"): (typeof documents)["\n  query CreationBatch($id: ID!) {\n    creation(id: $id) {\n      id\n      batch {\n        id\n        content\n        placeholder\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription JobProgress($jobId: ID!, $starting: Boolean) {\n    jobProgress(jobId: $jobId, starting: $starting) {\n      jobId\n      phase\n      percent\n      delta\n      offset\n      message\n      preview\n      creation {\n        id\n        type\n        prompt\n        content\n        provider\n        placeholder\n        madeBy\n        note\n        createdAt\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription JobProgress($jobId: ID!, $starting: Boolean) {\n    jobProgress(jobId: $jobId, starting: $starting) {\n      jobId\n      phase\n      percent\n      delta\n      offset\n      message\n      preview\n      creation {\n        id\n        type\n        prompt\n        content\n        provider\n        placeholder\n        madeBy\n        note\n        createdAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelJob($id: ID!) {\n    cancelJob(id: $id) {\n      id\n      phase\n      percent\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation CancelJob($id: ID!) {\n    cancelJob(id: $id) {\n      id\n      phase\n      percent\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Job($id: ID!) {\n    job(id: $id) {\n      id\n      phase\n      percent\n      message\n      error\n      creation {\n        id\n        type\n        prompt\n        content\n        provider\n        placeholder\n        madeBy\n        note\n        createdAt\n      }\n    }\n  }\n"): (typeof documents)["\n  query Job($id: ID!) {\n    job(id: $id) {\n      id\n      phase\n      percent\n      message\n      error\n      creation {\n        id\n        type\n        prompt\n        content\n        provider\n        placeholder\n        madeBy\n        note\n        createdAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SubscribeNewsletter($email: String!) {\n    subscribeNewsletter(email: $email)\n  }\n"): (typeof documents)["\n  mutation SubscribeNewsletter($email: String!) {\n    subscribeNewsletter(email: $email)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveObject($image: Upload, $sourceCreationId: ID, $object: String, $mask: Upload, $format: ImageOutputFormat, $quality: Int) {\n    removeObject(image: $image, sourceCreationId: $sourceCreationId, object: $object, mask: $mask, format: $format, quality: $quality) {\n      id\n      phase\n      percent\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation RemoveObject($image: Upload, $sourceCreationId: ID, $object: String, $mask: Upload, $format: ImageOutputFormat, $quality: Int) {\n    removeObject(image: $image, sourceCreationId: $sourceCreationId, object: $object, mask: $mask, format: $format, quality: $quality) {\n      id\n      phase\n      percent\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReviewResume($resume: Upload!) {\n    reviewResume(resume: $resume) {\n      id\n      phase\n      percent\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation ReviewResume($resume: Upload!) {\n    reviewResume(resume: $resume) {\n      id\n      phase\n      percent\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SubmitContact($input: ContactInput!) {\n    submitContact(input: $input)\n  }\n"): (typeof documents)["\n  mutation SubmitContact($input: ContactInput!) {\n    submitContact(input: $input)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SubmitFeedback($input: FeedbackInput!) {\n    submitFeedback(input: $input)\n  }\n"): (typeof documents)["\n  mutation SubmitFeedback($input: FeedbackInput!) {\n    submitFeedback(input: $input)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpscaleImage($image: Upload, $sourceCreationId: ID, $scale: Int!, $format: ImageOutputFormat, $quality: Int) {\n    upscaleImage(image: $image, sourceCreationId: $sourceCreationId, scale: $scale, format: $format, quality: $quality) {\n      id\n      phase\n      percent\n      message\n    }\n  }\n"): (typeof documents)["\n  mutation UpscaleImage($image: Upload, $sourceCreationId: ID, $scale: Int!, $format: ImageOutputFormat, $quality: Int) {\n    upscaleImage(image: $image, sourceCreationId: $sourceCreationId, scale: $scale, format: $format, quality: $quality) {\n      id\n      phase\n      percent\n      message\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment WebhookEndpointFields on WebhookEndpoint {\n    id\n    url\n    events\n    description\n    enabled\n    secret\n    createdAt\n  }\n"): (typeof documents)["\n  fragment WebhookEndpointFields on WebhookEndpoint {\n    id\n    url\n    events\n    description\n    enabled\n    secret\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment WebhookDeliveryFields on WebhookDelivery {\n    id\n    endpointId\n    messageId\n    eventType\n    status\n    attempts\n    responseCode\n    lastError\n    nextAttemptAt\n    deliveredAt\n    createdAt\n  }\n"): (typeof documents)["\n  fragment WebhookDeliveryFields on WebhookDelivery {\n    id\n    endpointId\n    messageId\n    eventType\n    status\n    attempts\n    responseCode\n    lastError\n    nextAttemptAt\n    deliveredAt\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookEndpoints {\n    webhookEndpoints {\n      ...WebhookEndpointFields\n    }\n  }\n"): (typeof documents)["\n  query WebhookEndpoints {\n    webhookEndpoints {\n      ...WebhookEndpointFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query WebhookDeliveries($endpointId: ID!, $first: Int!) {\n    webhookDeliveries(endpointId: $endpointId, first: $first) {\n      ...WebhookDeliveryFields\n    }\n  }\n"): (typeof documents)["\n  query WebhookDeliveries($endpointId: ID!, $first: Int!) {\n    webhookDeliveries(endpointId: $endpointId, first: $first) {\n      ...WebhookDeliveryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateWebhookEndpoint($url: String!, $events: [String!]!, $description: String) {\n    createWebhookEndpoint(url: $url, events: $events, description: $description) {\n      ...WebhookEndpointFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateWebhookEndpoint($url: String!, $events: [String!]!, $description: String) {\n    createWebhookEndpoint(url: $url, events: $events, description: $description) {\n      ...WebhookEndpointFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetWebhookEndpointEnabled($id: ID!, $enabled: Boolean!) {\n    updateWebhookEndpoint(id: $id, enabled: $enabled) {\n      ...WebhookEndpointFields\n    }\n  }\n"): (typeof documents)["\n  mutation SetWebhookEndpointEnabled($id: ID!, $enabled: Boolean!) {\n    updateWebhookEndpoint(id: $id, enabled: $enabled) {\n      ...WebhookEndpointFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteWebhookEndpoint($id: ID!) {\n    deleteWebhookEndpoint(id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RotateWebhookSecret($id: ID!) {\n    rotateWebhookSecret(id: $id) {\n      ...WebhookEndpointFields\n    }\n  }\n"): (typeof documents)["\n  mutation RotateWebhookSecret($id: ID!) {\n    rotateWebhookSecret(id: $id) {\n      ...WebhookEndpointFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendTestWebhook($endpointId: ID!) {\n    sendTestWebhook(endpointId: $endpointId) {\n      ...WebhookDeliveryFields\n    }\n  }\n"): (typeof documents)["\n  mutation SendTestWebhook($endpointId: ID!) {\n    sendTestWebhook(endpointId: $endpointId) {\n      ...WebhookDeliveryFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SiteLinks {\n    siteLinks {\n      repositoryUrl\n      blogUrl\n      instagramUrl\n      youtubeUrl\n      linkedinUrl\n    }\n  }\n"): (typeof documents)["\n  query SiteLinks {\n    siteLinks {\n      repositoryUrl\n      blogUrl\n      instagramUrl\n      youtubeUrl\n      linkedinUrl\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query UploadLimits {\n    uploadLimits {\n      maxBytes\n      imageTypes {\n        mime\n        name\n        extensions\n      }\n    }\n  }\n"): (typeof documents)["\n  query UploadLimits {\n    uploadLimits {\n      maxBytes\n      imageTypes {\n        mime\n        name\n        extensions\n      }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;