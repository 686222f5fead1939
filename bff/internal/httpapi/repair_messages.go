package httpapi

import "github.com/jakarobotics/website/bff/internal/messages"

// The texts of the repair form's field errors and of its success, in every language. The
// field errors of addWorkOrder, uploadRepairFile and ocrAction carry them in `message`, in the
// request's language, so that a page can show the server's word under the field (the web's own
// checks show the same texts first). The error keys themselves are in package itr.
const (
	// RepairSubmitted is the success text of addWorkOrder.
	RepairSubmitted = "repair.submitted"

	notInConsultation = "repair.field.not_in_consultation"
	notInRepair       = "repair.field.not_in_repair"
	futureFaultDate   = "repair.field.future_date"
	attachmentMissing = "repair.field.attachment_not_yours"
	fileRequired      = "upload.field.required"
	mediaTypes        = "upload.field.media_types"
	photoTypes        = "upload.field.photo_types"
	imageTooLarge     = "upload.field.image_too_large" // with the limit, e.g. "10 MB", for %s
	videoTooLarge     = "upload.field.video_too_large"
	actionRequired    = "ocr.field.action_required"
)

// requiredText is the message key of each required field of the repair form.
func requiredText(field string) string { return "repair.required." + field }

type texts = map[messages.Lang]string

func init() {
	for field, t := range map[string]texts{
		"robotCode": {
			"zh": "请输入机器人编码", "zh_tw": "請輸入機器人編碼", "en": "Please enter the robot code.",
			"ja": "ロボットのシリアル番号を入力してください。", "ko": "로봇 코드를 입력하세요.", "th": "กรุณากรอกรหัสหุ่นยนต์",
			"es": "Introduzca el código del robot.", "fr": "Veuillez saisir le code du robot.",
			"de": "Bitte geben Sie den Roboter-Code ein.", "ru": "Введите код робота.",
		},
		"cabinetCode": {
			"zh": "请输入控制柜编码", "zh_tw": "請輸入控制櫃編碼", "en": "Please enter the control cabinet code.",
			"ja": "制御キャビネットのシリアル番号を入力してください。", "ko": "컨트롤 캐비닛 코드를 입력하세요.", "th": "กรุณากรอกรหัสตู้ควบคุม",
			"es": "Introduzca el código del armario de control.", "fr": "Veuillez saisir le code de l’armoire de commande.",
			"de": "Bitte geben Sie den Code des Steuerschranks ein.", "ru": "Введите код шкафа управления.",
		},
		"issueDate": {
			"zh": "请选择故障日期", "zh_tw": "請選擇故障日期", "en": "Please select the date of the fault.",
			"ja": "故障発生日を選択してください。", "ko": "고장 날짜를 선택하세요.", "th": "กรุณาเลือกวันที่เกิดข้อขัดข้อง",
			"es": "Seleccione la fecha de la avería.", "fr": "Veuillez choisir la date de la panne.",
			"de": "Bitte wählen Sie das Datum der Störung.", "ru": "Выберите дату неисправности.",
		},
		"faultDescription": {
			"zh": "请输入故障描述", "zh_tw": "請輸入故障描述", "en": "Please describe the fault.",
			"ja": "故障の内容を入力してください。", "ko": "고장 내용을 입력하세요.", "th": "กรุณาอธิบายข้อขัดข้อง",
			"es": "Describa la avería.", "fr": "Veuillez décrire la panne.",
			"de": "Bitte beschreiben Sie die Störung.", "ru": "Опишите неисправность.",
		},
		"firstUse": {
			"zh": "请选择是否首次使用", "zh_tw": "請選擇是否首次使用", "en": "Please choose whether this is the first use.",
			"ja": "初回使用かどうかを選択してください。", "ko": "최초 사용 여부를 선택하세요.", "th": "กรุณาเลือกว่าเป็นการใช้งานครั้งแรกหรือไม่",
			"es": "Indique si es el primer uso.", "fr": "Veuillez indiquer s’il s’agit de la première utilisation.",
			"de": "Bitte geben Sie an, ob es sich um die erste Verwendung handelt.", "ru": "Укажите, первое ли это использование.",
		},
		"companyName": {
			"zh": "请输入公司名称", "zh_tw": "請輸入公司名稱", "en": "Please enter the company name.",
			"ja": "会社名を入力してください。", "ko": "회사명을 입력하세요.", "th": "กรุณากรอกชื่อบริษัท",
			"es": "Introduzca el nombre de la empresa.", "fr": "Veuillez saisir le nom de l’entreprise.",
			"de": "Bitte geben Sie den Firmennamen ein.", "ru": "Введите название компании.",
		},
		"companyAddress": {
			"zh": "请输入公司地址", "zh_tw": "請輸入公司地址", "en": "Please enter the company address.",
			"ja": "会社の住所を入力してください。", "ko": "회사 주소를 입력하세요.", "th": "กรุณากรอกที่อยู่บริษัท",
			"es": "Introduzca la dirección de la empresa.", "fr": "Veuillez saisir l’adresse de l’entreprise.",
			"de": "Bitte geben Sie die Firmenadresse ein.", "ru": "Введите адрес компании.",
		},
		"reporterName": {
			"zh": "请输入姓名", "zh_tw": "請輸入姓名", "en": "Please enter your name.",
			"ja": "お名前を入力してください。", "ko": "이름을 입력하세요.", "th": "กรุณากรอกชื่อ",
			"es": "Introduzca su nombre.", "fr": "Veuillez saisir votre nom.",
			"de": "Bitte geben Sie Ihren Namen ein.", "ru": "Введите имя.",
		},
		"phone": {
			"zh": "请输入联系电话", "zh_tw": "請輸入聯絡電話", "en": "Please enter your phone number.",
			"ja": "電話番号を入力してください。", "ko": "전화번호를 입력하세요.", "th": "กรุณากรอกหมายเลขโทรศัพท์",
			"es": "Introduzca su número de teléfono.", "fr": "Veuillez saisir votre numéro de téléphone.",
			"de": "Bitte geben Sie Ihre Telefonnummer ein.", "ru": "Введите номер телефона.",
		},
		"email": {
			"zh": "请输入邮箱", "zh_tw": "請輸入電子郵件", "en": "Please enter your email.",
			"ja": "メールアドレスを入力してください。", "ko": "이메일을 입력하세요.", "th": "กรุณากรอกอีเมล",
			"es": "Introduzca su correo electrónico.", "fr": "Veuillez saisir votre adresse e-mail.",
			"de": "Bitte geben Sie Ihre E-Mail-Adresse ein.", "ru": "Введите адрес электронной почты.",
		},
		"issueInformation": {
			"zh": "请输入问题信息", "zh_tw": "請輸入問題資訊", "en": "Please enter what the issue is about.",
			"ja": "お問い合わせの概要を入力してください。", "ko": "문의 정보를 입력하세요.", "th": "กรุณากรอกข้อมูลปัญหา",
			"es": "Indique de qué trata el problema.", "fr": "Veuillez indiquer l’objet du problème.",
			"de": "Bitte geben Sie an, worum es bei dem Problem geht.", "ru": "Укажите, к чему относится вопрос.",
		},
		"problemDescription": {
			"zh": "请输入问题描述", "zh_tw": "請輸入問題描述", "en": "Please describe the problem.",
			"ja": "問題の内容を入力してください。", "ko": "문제 내용을 입력하세요.", "th": "กรุณาอธิบายปัญหา",
			"es": "Describa el problema.", "fr": "Veuillez décrire le problème.",
			"de": "Bitte beschreiben Sie das Problem.", "ru": "Опишите проблему.",
		},
	} {
		messages.Add(requiredText(field), t)
	}
	for key, t := range map[string]texts{
		RepairSubmitted: {
			"zh": "报修已提交，可在“我的工单”中查看进度", "zh_tw": "報修已提交，可在「我的工單」中查看進度",
			"en": "Your report has been submitted. You can follow its progress in your work orders.",
			"ja": "送信しました。進捗は作業指示一覧でご確認いただけます。",
			"ko": "접수되었습니다. 작업 지시 목록에서 진행 상황을 확인할 수 있습니다.",
			"th": "ส่งเรียบร้อยแล้ว คุณสามารถติดตามความคืบหน้าได้ในรายการใบสั่งงาน",
			"es": "Su solicitud se ha enviado. Puede seguir su progreso en sus órdenes de trabajo.",
			"fr": "Votre demande a été envoyée. Vous pouvez suivre son avancement dans vos ordres de travail.",
			"de": "Ihre Meldung wurde gesendet. Den Fortschritt sehen Sie in Ihren Serviceaufträgen.",
			"ru": "Заявка отправлена. Следить за её ходом можно в списке ваших заявок.",
		},
		notInConsultation: {
			"zh": "技术咨询不包含此项", "zh_tw": "技術諮詢不包含此項", "en": "This is not part of a technical consultation.",
			"ja": "技術相談には含まれない項目です。", "ko": "기술 문의에 포함되지 않는 항목입니다.", "th": "รายการนี้ไม่ใช่ส่วนหนึ่งของการขอคำปรึกษาทางเทคนิค",
			"es": "Esto no forma parte de una consulta técnica.", "fr": "Cela ne fait pas partie d’une demande de conseil technique.",
			"de": "Das gehört nicht zu einer technischen Anfrage.", "ru": "Это не относится к технической консультации.",
		},
		notInRepair: {
			"zh": "报修单不包含此项", "zh_tw": "報修單不包含此項", "en": "This is not part of a repair report.",
			"ja": "修理依頼には含まれない項目です。", "ko": "수리 신청에 포함되지 않는 항목입니다.", "th": "รายการนี้ไม่ใช่ส่วนหนึ่งของการแจ้งซ่อม",
			"es": "Esto no forma parte de una solicitud de reparación.", "fr": "Cela ne fait pas partie d’une demande de réparation.",
			"de": "Das gehört nicht zu einer Reparaturmeldung.", "ru": "Это не относится к заявке на ремонт.",
		},
		futureFaultDate: {
			"zh": "故障日期不能晚于今天", "zh_tw": "故障日期不能晚於今天", "en": "The date of the fault cannot be later than today.",
			"ja": "故障発生日に今日より後の日付は指定できません。", "ko": "고장 날짜는 오늘 이후일 수 없습니다.", "th": "วันที่เกิดข้อขัดข้องต้องไม่เกินวันนี้",
			"es": "La fecha de la avería no puede ser posterior a hoy.", "fr": "La date de la panne ne peut pas être postérieure à aujourd’hui.",
			"de": "Das Datum der Störung darf nicht nach dem heutigen Tag liegen.", "ru": "Дата неисправности не может быть позже сегодняшней.",
		},
		attachmentMissing: {
			"zh": "该文件不是您上传的或已被删除", "zh_tw": "該檔案不是您上傳的或已被刪除", "en": "This file was not uploaded by you or has been removed.",
			"ja": "このファイルはご自身でアップロードしたものではないか、削除されています。", "ko": "본인이 업로드한 파일이 아니거나 삭제된 파일입니다.",
			"th": "ไฟล์นี้ไม่ได้อัปโหลดโดยคุณหรือถูกลบแล้ว",
			"es": "Este archivo no lo subió usted o se ha eliminado.", "fr": "Ce fichier n’a pas été envoyé par vous ou a été supprimé.",
			"de": "Diese Datei wurde nicht von Ihnen hochgeladen oder wurde entfernt.", "ru": "Этот файл загружен не вами или был удалён.",
		},
		fileRequired: {
			"zh": "请选择文件", "zh_tw": "請選擇檔案", "en": "Please choose a file.",
			"ja": "ファイルを選択してください。", "ko": "파일을 선택하세요.", "th": "กรุณาเลือกไฟล์",
			"es": "Elija un archivo.", "fr": "Veuillez choisir un fichier.",
			"de": "Bitte wählen Sie eine Datei.", "ru": "Выберите файл.",
		},
		mediaTypes: {
			"zh": "仅支持 JPG、PNG、WebP 图片或 MP4、MOV 视频", "zh_tw": "僅支援 JPG、PNG、WebP 圖片或 MP4、MOV 影片",
			"en": "Only JPG, PNG and WebP photos and MP4 and MOV videos are accepted.",
			"ja": "JPG・PNG・WebP の画像と MP4・MOV の動画のみ対応しています。", "ko": "JPG, PNG, WebP 사진과 MP4, MOV 동영상만 지원합니다.",
			"th": "รองรับเฉพาะรูปภาพ JPG, PNG, WebP และวิดีโอ MP4, MOV",
			"es": "Solo se admiten fotos JPG, PNG y WebP y vídeos MP4 y MOV.", "fr": "Seules les photos JPG, PNG et WebP et les vidéos MP4 et MOV sont acceptées.",
			"de": "Nur JPG-, PNG- und WebP-Fotos sowie MP4- und MOV-Videos werden angenommen.", "ru": "Принимаются только фото JPG, PNG и WebP и видео MP4 и MOV.",
		},
		photoTypes: {
			"zh": "仅支持 JPG、PNG、WebP 图片", "zh_tw": "僅支援 JPG、PNG、WebP 圖片",
			"en": "Only JPG, PNG and WebP photos are accepted.",
			"ja": "JPG・PNG・WebP の画像のみ対応しています。", "ko": "JPG, PNG, WebP 사진만 지원합니다.",
			"th": "รองรับเฉพาะรูปภาพ JPG, PNG, WebP",
			"es": "Solo se admiten fotos JPG, PNG y WebP.", "fr": "Seules les photos JPG, PNG et WebP sont acceptées.",
			"de": "Nur JPG-, PNG- und WebP-Fotos werden angenommen.", "ru": "Принимаются только фото JPG, PNG и WebP.",
		},
		imageTooLarge: {
			"zh": "图片不能超过 %s", "zh_tw": "圖片不能超過 %s", "en": "A photo may be at most %s.",
			"ja": "画像は %s までです。", "ko": "사진은 최대 %s까지 가능합니다.", "th": "รูปภาพต้องมีขนาดไม่เกิน %s",
			"es": "Una foto puede ocupar como máximo %s.", "fr": "Une photo ne peut pas dépasser %s.",
			"de": "Ein Foto darf höchstens %s groß sein.", "ru": "Размер фото — не более %s.",
		},
		videoTooLarge: {
			"zh": "视频不能超过 %s", "zh_tw": "影片不能超過 %s", "en": "A video may be at most %s.",
			"ja": "動画は %s までです。", "ko": "동영상은 최대 %s까지 가능합니다.", "th": "วิดีโอต้องมีขนาดไม่เกิน %s",
			"es": "Un vídeo puede ocupar como máximo %s.", "fr": "Une vidéo ne peut pas dépasser %s.",
			"de": "Ein Video darf höchstens %s groß sein.", "ru": "Размер видео — не более %s.",
		},
		actionRequired: {
			"zh": "请选择识别类型", "zh_tw": "請選擇辨識類型", "en": "Please choose what the photo shows.",
			"ja": "読み取る対象を選択してください。", "ko": "인식할 대상을 선택하세요.", "th": "กรุณาเลือกประเภทที่จะอ่าน",
			"es": "Indique qué muestra la foto.", "fr": "Veuillez indiquer ce que montre la photo.",
			"de": "Bitte wählen Sie, was das Foto zeigt.", "ru": "Выберите, что изображено на фото.",
		},
	} {
		messages.Add(key, t)
	}
}
