-- CreateIndex
CREATE INDEX "Like_creationId_createdAt_userId_idx" ON "Like"("creationId", "createdAt", "userId");
