let plainBundle = "compiled with tools 5.6 and later"
